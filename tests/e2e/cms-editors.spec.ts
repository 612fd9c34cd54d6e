// What editors notice in the production admin (the github backend against the fake GitHub, a real git repository
// behind it): a draft's "View Preview" opens its deploy preview when the host reported it the way the
// preview-status workflow does (.github/workflows/preview-status.yml runs src/cms/previewStatus.ts on a host's
// deployment_status event); the editor's avatar loads; every date field says which time zone it is in; and a saved
// post's slug cannot change. The editor is signed in with a token the fake issued (the login itself is
// cms-github.spec.ts's subject); the site is the test build on the e2e server, and the same server under its other
// name (localhost) plays the host's preview deployment.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startFakeGitHub, type FakeGitHub } from "../support/fakes/github";
import {
  deploymentStatusEvent,
  issueWorkflowToken,
  writeEventFile,
  type DeploymentReport,
} from "../support/fakes/github/actions";
import { AVATARS_ORIGIN } from "../support/fakes/github/avatars";
import { createSourceRepository, type SourceRepository } from "../support/fakes/github/source";
import { routeGitHubApi } from "./support/githubLogin";

const root = path.resolve(__dirname, "../..");
/** The repository the test build names (GATSBY_CMS_GITHUB_REPO in tests/support/build.ts's fakesBuildEnv). */
const REPO = "acme/marketing-site";
const APP = {
  clientId: "Iv1.e2eeditors",
  clientSecret: "e2e-editors",
  callbackUrl: "http://127.0.0.1/",
};
const ZONE = "America/Chicago (UTC-06:00, UTC-05:00 during daylight saving time)";

let source: SourceRepository;
let github: FakeGitHub;

test.describe.configure({ mode: "default" });
test.use({
  // Decap logs its start-up chatter and React warnings as errors, and its GitHub status indicator is blocked by
  // the admin's policy; none of them is a site error.
  allowConsoleErrors: [/./],
});

test.beforeAll(async () => {
  source = createSourceRepository((dir) =>
    fs.cpSync(path.join(root, "content"), path.join(dir, "content"), { recursive: true }),
  );
  github = await startFakeGitHub({ source: source.dir, repo: REPO, app: APP });
});
test.afterAll(async () => {
  await github?.close();
  source?.remove();
});

const git = (...args: string[]) => github.git.text(args).then((out) => out.trim());
const siteOrigin = () => new URL(test.info().project.use.baseURL ?? "").origin;
const frontmatter = (slug: string) =>
  parse(
    fs.readFileSync(path.join(root, "content/blog", slug, "index.md"), "utf8").split("---")[1] ??
      "",
  ) as { title: string };

/** Signs the admin in as the fake's editor: Decap restores a stored token as it does after a real login. */
async function signIn(context: BrowserContext) {
  const token = `gho_${Math.random().toString(36).slice(2)}editor`;
  github.oauth.tokens.set(token, { token, login: "editor", scope: "repo" });
  await routeGitHubApi(context, github.origin);
  await context.addInitScript(
    (user) => {
      if (window.location.pathname.startsWith("/admin/"))
        window.localStorage.setItem("decap-cms-user", user);
    },
    JSON.stringify({ token, backendName: "github" }),
  );
}

async function openPost(page: Page, slug: string) {
  await page.goto(`/admin/#/collections/blog/entries/${slug}/index`);
  await expect(page.locator("input[id^='slug-field']")).toHaveValue(slug, { timeout: 30_000 });
}

/** The workflow's step as the workflow runs it, on a host's deployment_status event. */
async function runWorkflow(report: DeploymentReport): Promise<string> {
  const event = writeEventFile(deploymentStatusEvent({ repository: REPO, ...report }));
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "src/cms/previewStatus.ts"],
      {
        cwd: root,
        env: {
          ...process.env,
          GITHUB_EVENT_PATH: event.path,
          GITHUB_API_URL: github.origin,
          GITHUB_REPOSITORY: REPO,
          GITHUB_TOKEN: issueWorkflowToken(github.oauth),
        },
      },
    );
    return stdout;
  } finally {
    event.remove();
  }
}

test("View Preview opens a draft's deploy preview, reported by the host as a deployment and posted by the workflow", async ({
  page,
  context,
}) => {
  test.slow();
  const slug = "credential-stuffing-layered-defense";
  const branch = `cms/blog/${slug}/index`;
  await signIn(context);
  await openPost(page, slug);
  await page
    .locator("textarea[id^='description-field']")
    .fill("Credential stuffing, stopped in layers.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Status: Draft" })).toBeVisible({
    timeout: 30_000,
  });
  const head = await git("rev-parse", branch);

  // The host (Vercel) reports its own status, a link to its dashboard that is no preview, and starts deploying.
  const host = issueWorkflowToken(github.oauth);
  const own = await fetch(`${github.origin}/repos/${REPO}/statuses/${head}`, {
    method: "POST",
    headers: { authorization: `Bearer ${host}` },
    body: JSON.stringify({
      state: "pending",
      context: "Vercel",
      target_url: "https://vercel.com/acme/marketing-site/5e3Yq",
    }),
  });
  expect(own.status).toBe(201);
  expect(await runWorkflow({ sha: head, state: "in_progress" })).toContain(
    `deploy/preview pending on ${head}`,
  );
  // Decap polls the statuses after a save (its button spins, disabled, meanwhile) and stops at the first it takes:
  // the pending preview, which it offers to check again.
  const check = page.getByRole("button", { name: "Check for Preview" });
  await expect(check).toBeEnabled({ timeout: 30_000 });

  // The deployment is ready at its own address (this server under its other name plays it).
  const previewRoot = siteOrigin().replace("127.0.0.1", "localhost");
  expect(previewRoot).not.toBe(siteOrigin());
  expect(await runWorkflow({ sha: head, state: "success", environmentUrl: previewRoot })).toContain(
    `deploy/preview success on ${head} → ${previewRoot}/`,
  );
  await check.click();
  const link = page.getByRole("link", { name: "View Preview" });
  await expect(link).toHaveAttribute("href", `${previewRoot}/blog/${slug}/`, { timeout: 30_000 });

  // Following it opens the post's page on the preview.
  const opened = page.waitForEvent("popup");
  await link.click();
  const preview = await opened;
  await preview.waitForLoadState();
  expect(preview.url()).toBe(`${previewRoot}/blog/${slug}/`);
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(frontmatter(slug).title);
  expect(github.unhandled).toEqual([]);
});

test("the admin shows the editor's avatar and the site's time zone beside every date field", async ({
  page,
  context,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(context);
  await openPost(page, "account-sharing-detection");

  // The avatar GitHub names (avatar_url, on its avatar host) is allowed by the admin's policy and shown.
  const avatar = page.locator(`img[src^="${AVATARS_ORIGIN}/u/"]`);
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // Each date control is followed by the hint naming the zone and its offsets.
  const dates = page.locator("input[type='datetime-local']");
  await expect(dates.first()).toBeVisible();
  const count = await dates.count();
  expect(count).toBe(2); // the post's date and its (optional) update
  await expect(page.getByText(ZONE)).toHaveCount(count);
  // Each hint is its own field's: the block holding it (Decap's field control) holds one date control.
  for (const hint of await page.getByText(ZONE).all())
    await expect(hint.locator("xpath=..").locator("input[type='datetime-local']")).toHaveCount(1);
  await dates.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("admin-date-hint-1280.png") });
});

test("a saved post's slug cannot change: saving says so and how to move the page, and nothing is written", async ({
  page,
  context,
}) => {
  const slug = "sms-pumping-fraud";
  const branch = `cms/blog/${slug}/index`;
  const start = await git("rev-parse", "main");
  await signIn(context);
  await openPost(page, slug);
  const slugField = page.locator("input[id^='slug-field']");
  await slugField.fill("sms-pumping");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.getByText(
      `The slug cannot change once the entry is saved: it is the page's address (/blog/${slug}/)`,
    ),
  ).toBeVisible();
  await expect(page.getByText(`Set Slug back to "${slug}"`)).toBeVisible();
  // Nothing reached GitHub: no draft branch, no pull request, main where it was; the editor's text stays.
  expect(await git("branch", "--list", branch)).toBe("");
  expect(github.state.pulls.filter((pull) => pull.head === branch)).toEqual([]);
  expect(await git("rev-parse", "main")).toBe(start);
  await expect(slugField).toHaveValue("sms-pumping");

  // Set back, the same entry saves as a draft (with a change of its description, so the draft has a diff).
  // Typed back at the end of the field (Decap's text field puts the caret back at the end whenever the form
  // re-renders, so a selection made to type over may not last).
  await slugField.press("End");
  await slugField.pressSequentially(slug.slice("sms-pumping".length));
  await expect(slugField).toHaveValue(slug);
  await page
    .locator("textarea[id^='description-field']")
    .fill("SMS pumping, measured and stopped.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Status: Draft" })).toBeVisible({
    timeout: 30_000,
  });
  expect(await git("branch", "--list", branch)).toContain(branch);
});
