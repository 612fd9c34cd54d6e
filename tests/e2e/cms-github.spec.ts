// The CMS's production login, end to end: the admin's github backend signs in through the site's own OAuth
// functions against a fake GitHub (tests/support/fakes/github, a real git repository behind it), with an OAuth
// App and with a GitHub App (the recommended setup: a user token held to the App's installation and
// permissions), then a post goes from draft (a branch and a pull request) to Ready to published (the merge),
// landing on `main`; when the GitHub App's token expires, the admin shows its login again. A page of another
// origin that opens the same login gets nothing, and a callback with a forged or missing state never reaches
// GitHub's token endpoint. The site servers and the fake are this spec's own (startSiteServer): a server needs
// the fake's address for the token exchange, which the browser never sees.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startFakeGitHub, type FakeGitHub } from "../support/fakes/github";
import { recommendedApp } from "../support/fakes/github/app";
import { createSourceRepository, type SourceRepository } from "../support/fakes/github/source";
import { routeGitHubApi, startSiteServer, type SiteServer } from "./support/githubLogin";

const root = path.resolve(__dirname, "../..");
/** The repository the test build names (GATSBY_CMS_GITHUB_REPO in tests/support/build.ts's fakesBuildEnv). */
const REPO = "acme/marketing-site";
const APP = {
  clientId: "Ov23e2ecmsclient",
  clientSecret: "e2e-cms-client-secret",
  // Registered on loopback: GitHub lets a loopback callback come back on any port.
  callbackUrl: "http://127.0.0.1/api/cms-callback",
};
/** The GitHub App docs/cms.md recommends, installed on the site's repository only. */
const GITHUB_APP = recommendedApp(
  {
    clientId: "Iv23e2ecmsapp",
    clientSecret: "e2e-cms-app-secret",
    callbackUrl: "http://127.0.0.1/api/cms-callback",
  },
  REPO,
);

let source: SourceRepository;
let github: FakeGitHub;
/** The site with the OAuth App's settings, and the same build with the GitHub App's. */
let site: SiteServer;
let appSite: SiteServer;
let origin: string;

test.describe.configure({ mode: "default" });
test.use({
  // Decap logs its start-up chatter, React warnings and the GitHub status check the admin's policy blocks as
  // errors; none of them is a site error.
  allowConsoleErrors: [/./],
});

test.beforeAll(async () => {
  source = createSourceRepository((dir) =>
    fs.cpSync(path.join(root, "content"), path.join(dir, "content"), { recursive: true }),
  );
  github = await startFakeGitHub({
    source: source.dir,
    repo: REPO,
    app: APP,
    githubApp: GITHUB_APP,
  });
  [site, appSite] = await Promise.all([
    startSiteServer({
      CMS_OAUTH_CLIENT_ID: APP.clientId,
      CMS_OAUTH_CLIENT_SECRET: APP.clientSecret,
      CMS_OAUTH_GITHUB_URL: github.origin,
    }),
    startSiteServer({
      CMS_OAUTH_APP_KIND: "github-app",
      CMS_OAUTH_CLIENT_ID: GITHUB_APP.clientId,
      CMS_OAUTH_CLIENT_SECRET: GITHUB_APP.clientSecret,
      CMS_OAUTH_GITHUB_URL: github.origin,
    }),
  ]);
  origin = `http://127.0.0.1:${site.port}`;
});
test.afterAll(async () => {
  site?.stop();
  appSite?.stop();
  await github?.close();
  source?.remove();
});

const git = (...args: string[]) => github.git.text(args).then((out) => out.trim());
const tokensIssued = () => github.tokenRequests.filter((call) => call.outcome === "token").length;

/**
 * The host's own token, as Netlify's integration reports a deploy preview with: an OAuth App token signed in
 * programmatically (an editor's GitHub App token may read statuses, not write them).
 */
async function hostToken(): Promise<string> {
  const authorize = new URL("/login/oauth/authorize", github.origin);
  authorize.searchParams.set("client_id", APP.clientId);
  const back = await fetch(authorize, { redirect: "manual" });
  const code = new URL(back.headers.get("location") ?? "").searchParams.get("code") ?? "";
  const answer = await fetch(`${github.origin}/login/oauth/access_token`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: APP.clientId, client_secret: APP.clientSecret, code }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** In the page: whether Decap's local backup of an entry (its key: `backup.<collection>.<slug>`) is stored. */
function entryBackedUp(key: string): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open("localforage");
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains("keyvaluepairs")) return resolve(false);
      const keys = db.transaction("keyvaluepairs").objectStore("keyvaluepairs").getAllKeys();
      keys.onerror = () => resolve(false);
      keys.onsuccess = () => resolve(keys.result.includes(key));
    };
  });
}

async function setStatus(page: Page, from: string, to: string) {
  await page.getByRole("button", { name: `Status: ${from}` }).click();
  await page.getByRole("menuitem", { name: to }).click();
  await expect(page.getByRole("button", { name: `Status: ${to}` })).toBeVisible();
}

/** The editor's session through the admin at `at`: login, draft, preview, Ready, publish; the token it used. */
async function draftToPublished(
  page: Page,
  at: string,
  post: { slug: string; description: RegExp; changed: string },
): Promise<string> {
  const FILE = `content/blog/${post.slug}/index.md`;
  const BRANCH = `cms/blog/${post.slug}/index`;
  const start = await git("rev-parse", "main");
  const exchanges = github.tokenRequests.length;
  await page.goto(`${at}/admin/`);
  await expect(page.locator("html")).toHaveAttribute("data-cms-registered", /^[1-9]\d*$/);

  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Login with GitHub" }).click();
  // The window goes to the site's /api/cms-auth, the fake's authorize page and back to /api/cms-callback,
  // hands over the token and is closed by the admin.
  await (await popup).waitForEvent("close", { timeout: 30_000 });
  await expect(page.getByText("Blog posts").first()).toBeVisible({ timeout: 30_000 });
  expect(github.tokenRequests.slice(exchanges)).toEqual([
    expect.objectContaining({ outcome: "token" }),
  ]);

  const token = [...github.oauth.tokens.keys()].at(-1) ?? "";

  await page.goto(`${at}/admin/#/collections/blog/entries/${post.slug}/index`);
  const description = page.locator("textarea[id^='description-field']");
  await expect(description).toHaveValue(post.description);
  const { changed } = post;
  await description.fill(changed);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Status: Draft" })).toBeVisible({
    timeout: 30_000,
  });

  // The draft is a branch and an open pull request labelled as a draft; main has not moved.
  expect(await git("rev-parse", "main")).toBe(start);
  expect(await git("show", `${BRANCH}:${FILE}`)).toContain(changed);
  const drafts = github.state.pulls.filter((item) => item.head === BRANCH);
  expect(drafts).toHaveLength(1);
  const [pr] = drafts;
  expect(pr).toMatchObject({
    head: BRANCH,
    base: "main",
    state: "open",
    labels: [{ name: "decap-cms/draft" }],
  });

  // The host reports the pull request's deploy preview (its root) as a commit status, as Netlify does; the
  // admin links to the post's own page in it (the collection's preview_path).
  const head = await git("rev-parse", BRANCH);
  const previewRoot = `http://deploy-preview-${pr?.number}.example`;
  const reported = await fetch(`${github.origin}/repos/${REPO}/statuses/${head}`, {
    method: "POST",
    headers: { authorization: `token ${await hostToken()}` },
    body: JSON.stringify({ state: "success", target_url: previewRoot, context: "deploy/netlify" }),
  });
  expect(reported.status).toBe(201);
  // Decap polls the statuses every few seconds after a save.
  await expect(page.getByRole("link", { name: "View Preview" })).toHaveAttribute(
    "href",
    `${previewRoot}/blog/${post.slug}/`,
    { timeout: 30_000 },
  );

  await setStatus(page, "Draft", "Ready");
  expect(pr?.labels).toEqual([{ name: "decap-cms/pending_publish" }]);
  expect(await git("rev-parse", "main")).toBe(start);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  await expect(page.getByRole("button", { name: "Published", exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // Published = the pull request merged into main (a merge commit of main and the draft) and the branch gone.
  const merged = await git("rev-parse", "main");
  expect(merged).not.toBe(start);
  expect((await git("rev-list", "--parents", "-n", "1", "main")).split(" ").slice(1)).toEqual([
    start,
    head,
  ]);
  expect(await git("diff", "--name-only", start, "main")).toBe(FILE);
  expect(await git("show", `main:${FILE}`)).toContain(`description: ${changed}`);
  expect(await git("branch", "--list", BRANCH)).toBe("");
  expect(pr).toMatchObject({
    state: "closed",
    mergedAt: expect.any(String),
    mergeCommitSha: merged,
  });
  // Every call the admin made is one the fake (and its contract) knows.
  expect(github.unhandled).toEqual([]);
  // The repository's own content never saw any of it.
  expect(fs.readFileSync(path.join(root, FILE), "utf8")).not.toContain(changed);
  return token;
}

test("an editor logs in with an OAuth App, saves a draft, marks it Ready and publishes it onto main", async ({
  page,
  context,
}) => {
  test.slow();
  await routeGitHubApi(context, github.origin);
  const token = await draftToPublished(page, origin, {
    slug: "account-sharing-detection",
    description: /Account sharing costs/,
    changed: "Account sharing measured with device data, not cookies.",
  });
  expect(token).toMatch(/^gho_/);
});

test("an editor logs in with the GitHub App, publishes a draft, and is told, then shown the login, once its token expires", async ({
  page,
  context,
}) => {
  test.slow();
  await routeGitHubApi(context, github.origin);
  const appOrigin = `http://127.0.0.1:${appSite.port}`;
  const token = await draftToPublished(page, appOrigin, {
    slug: "card-testing-payment-fraud",
    description: /Card testers use your checkout/,
    changed: "Card testing stopped at the checkout with device data.",
  });
  // A GitHub App's user token, which asked for no scope.
  expect(token).toMatch(/^ghu_/);
  const appAuthorizations = github.oauth.authorizeRequests.filter(
    (query) => query.get("client_id") === GITHUB_APP.clientId,
  );
  expect(appAuthorizations).toHaveLength(1);
  expect(appAuthorizations[0]?.has("scope")).toBe(false);

  // Eight hours later GitHub answers the token 401, and Decap does not refresh tokens. An admin left open
  // fails at its next call, saying so, with the editor's change still on screen.
  await page.goto(`${appOrigin}/admin/#/collections/blog/entries/device-reputation-scores/index`);
  // A new document: the editor of the entry just published keeps its fields on a change of hash alone.
  await page.reload();
  const description = page.locator("textarea[id^='description-field']");
  await expect(description).toHaveValue(/Draft: how a reputation score/);
  const unsaved = "Reputation scores, written while the token ran out.";
  await description.fill(unsaved);
  const grant = github.oauth.tokens.get(token);
  if (grant?.app) grant.app.expiresAt = Date.now() - 1;
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Failed to persist entry: API_ERROR: Bad credentials")).toBeVisible();
  await expect(description).toHaveValue(unsaved);
  // Decap backs an edited entry up in the browser (IndexedDB, through localforage) two seconds after the
  // last keystroke; the page says when it has.
  await expect
    .poll(() => page.evaluate(entryBackedUp, "backup.blog.device-reputation-scores/index"))
    .toBe(true);

  // On its next start the admin finds the stored token refused and shows its login (leaving the unsaved edit
  // asks first); one press signs the editor in again, with a new token.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.goto(`${appOrigin}/admin/`);
  await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible({
    timeout: 30_000,
  });
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Login with GitHub" }).click();
  await (await popup).waitForEvent("close", { timeout: 30_000 });
  await expect(page.getByText("Blog posts").first()).toBeVisible({ timeout: 30_000 });
  expect([...github.oauth.tokens.keys()].at(-1)).not.toBe(token);
  // The entry, opened again, offers the edit back from the browser's backup.
  const backup = page.waitForEvent("dialog");
  await page.goto(`${appOrigin}/admin/#/collections/blog/entries/device-reputation-scores/index`);
  const offer = await backup;
  expect(offer.message()).toBe(
    "A local backup was recovered for this entry, would you like to use it?",
  );
  await offer.dismiss();
  expect(github.unhandled).toEqual([]);
});

test("a page on another origin that opens the login never receives the token", async ({ page }) => {
  const issued = tokensIssued();
  // The same server under its other name is another origin: this page plays a site that is not ours.
  const foreign = `http://localhost:${site.port}`;
  await page.route(`${foreign}/attack/`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Not the admin</title><script>
        window.received = [];
        addEventListener("message", (event) => {
          window.received.push(String(event.data));
          // Decap's side of the handshake, answered to anyone: the popup must still not hand anything over.
          event.source.postMessage(event.data, "*");
        });
        window.login = window.open(${JSON.stringify(`${origin}/api/cms-auth?provider=github&site_id=x&scope=repo`)}, "login");
      </script>`,
    }),
  );
  const popupOpened = page.waitForEvent("popup");
  await page.goto(`${foreign}/attack/`);
  const popup = await popupOpened;
  // The login window's script has run once it has said anything; by then GitHub had issued a token for it.
  await expect(popup.getByRole("status")).toHaveText(/\S/, { timeout: 30_000 });
  expect(tokensIssued()).toBe(issued + 1);
  // Messages from one window to another arrive in order: once a last one from the login window is here,
  // anything its script posted to this page before would be here too.
  await popup.evaluate(() => window.opener.postMessage("last", "*"));
  const received = () =>
    page.evaluate(() => (window as unknown as { received: string[] }).received);
  await expect.poll(received).toContain("last");
  expect(await received()).toEqual(["last"]);
  // And the editor is told why nothing happened.
  await expect(popup.getByRole("status")).toHaveText(/started by a page on another site/);
});

test("a callback with a forged or missing state is refused and never reaches the token endpoint", async ({
  page,
}) => {
  const calls = github.tokenRequests.length;
  for (const query of [
    "code=0123456789abcdef0123&state=forged-state",
    "code=0123456789abcdef0123",
  ]) {
    // A real state cookie for this browser, from the start of a login that is never finished.
    const started = await page.request.get(`${origin}/api/cms-auth?provider=github`, {
      maxRedirects: 0,
    });
    expect(started.status()).toBe(302);
    const cookies = await page.context().cookies(`${origin}/api/cms-callback`);
    expect(cookies.map((cookie) => cookie.name)).toEqual(["cms_oauth_state"]);
    const answer = await page.goto(`${origin}/api/cms-callback?${query}`);
    expect(github.tokenRequests.length, query).toBe(calls);
    expect(answer?.status()).toBe(400);
    await expect(
      page.getByText(/could not be matched to the window that started it/),
    ).toBeVisible();
  }
});
