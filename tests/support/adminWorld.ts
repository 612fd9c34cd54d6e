// A marketer's world for the admin at scale, shared by `npm run bench:admin` and tests/e2e/cms-scale.spec.ts: a
// repository holding this site's content plus N generated posts behind the fake GitHub (GitHub's own rate limits),
// and the site server serving a copy of the build whose admin data (snapshots, post summaries) is what a build of
// that repository writes (src/gatsby/adminData.ts, fed from the files instead of Gatsby's nodes). Then one
// session of clicks, each step's seconds and GitHub calls counted from the fake's own record.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { parse } from "yaml";
import { cmsConfig } from "../../src/cms/model";
import type { PostSummary } from "../../src/cms/postSummaries";
import { readingMinutes } from "../../src/data/readingTime";
import { parseSiteDate } from "../../src/data/siteTime";
import { writeAdminData, type EntryFacts } from "../../src/gatsby/adminData";
import { buildCmsAdmin } from "../../src/gatsby/cmsAdmin";
import { fakesBuildEnv, readBuildRecord } from "./build";
import { generatePosts } from "../../scripts/lib/scale";
import { routeGitHubApi, startSiteServer, type SiteServer } from "../e2e/support/githubLogin";
import { startFakeGitHub, type FakeGitHub } from "./fakes/github";
import { tally, type CallRecord } from "./fakes/github/limits";
import { createSourceRepository, type SourceRepository } from "./fakes/github/source";

const root = path.resolve(__dirname, "../..");
/** The repository the test build names (GATSBY_CMS_GITHUB_REPO in tests/support/build.ts). */
export const ADMIN_REPO = "acme/marketing-site";
const APP = {
  clientId: "Iv1.adminscale",
  clientSecret: "admin-scale-secret",
  callbackUrl: "http://127.0.0.1/api/cms-callback",
};

export type AdminWorld = {
  origin: string;
  /** The copy of the build the site server serves. */
  publicDir: string;
  github: FakeGitHub;
  /** The generated posts' slugs, oldest last. */
  generated: string[];
  stop(): Promise<void>;
};

const iso = (value: unknown) => parseSiteDate(value)?.toISOString() ?? null;

/** The publishing facts and post summaries of a checkout's content, read from its files. */
function contentFacts(dir: string, folders: readonly string[]) {
  const published: EntryFacts[] = [];
  const posts: Array<{ facts: EntryFacts; summary: PostSummary }> = [];
  for (const folder of folders) {
    const base = path.join(dir, folder);
    if (!fs.existsSync(base)) continue;
    for (const name of fs.readdirSync(base, { recursive: true }) as string[]) {
      const sourceFile = path.posix.join(folder, name.split(path.sep).join("/"));
      if (!/\.(md|ya?ml)$/.test(name)) continue;
      const text = fs.readFileSync(path.join(base, name), "utf8");
      if (!name.endsWith(".md")) {
        published.push({ sourceFile });
        continue;
      }
      const end = text.indexOf("\n---", 4);
      const data = (parse(text.slice(4, end)) ?? {}) as Record<string, unknown>;
      const facts: EntryFacts = {
        sourceFile,
        draft: data["draft"] === true,
        publishAt: iso(folder.endsWith("webinars") ? data["publishDate"] : data["date"]),
      };
      published.push(facts);
      if (!folder.endsWith("blog")) continue;
      const list = (key: string) => (Array.isArray(data[key]) ? (data[key] as string[]) : []);
      posts.push({
        facts,
        summary: {
          slug: String(data["slug"] ?? path.basename(path.dirname(sourceFile))),
          title: String(data["title"] ?? ""),
          description: String(data["description"] ?? ""),
          date: facts.publishAt ?? new Date(0).toISOString(),
          tags: list("tags"),
          authors: list("authors"),
          locale: typeof data["locale"] === "string" ? data["locale"] : "en",
          translationOf: typeof data["translationOf"] === "string" ? data["translationOf"] : null,
          hidden: data["hidden"] === true,
          featured: data["featured"] === true,
          minutes: readingMinutes(text.slice(end + 4)),
        },
      });
    }
  }
  return { published, posts };
}

/**
 * The admin bundled from src/ into a copy of the build, as the build bundles it, and its page's integrity
 * attribute set to match: for measuring a change to the admin without a whole build.
 */
async function rebundleAdmin(site: string): Promise<void> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "admin-world-bundle-"));
  try {
    // The settings the test build was made with, so the bundle differs from its admin by the source alone.
    const env = fakesBuildEnv(readBuildRecord(root)?.fakesPort ?? 0);
    await buildCmsAdmin({ siteRoot: root, outDir: out, title: "", env });
    const admin = path.join(site, "admin");
    for (const file of fs.readdirSync(admin))
      if (/^(cms\.js|index\.html)/.test(file)) fs.rmSync(path.join(admin, file));
    fs.copyFileSync(path.join(out, "cms.js"), path.join(admin, "cms.js"));
    const integrity = `sha384-${createHash("sha384")
      .update(fs.readFileSync(path.join(admin, "cms.js")))
      .digest("base64")}`;
    const page = fs.readFileSync(path.join(root, "public", "admin", "index.html"), "utf8");
    fs.writeFileSync(
      path.join(admin, "index.html"),
      page.replace(/integrity="[^"]*"/, `integrity="${integrity}"`),
    );
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Stands the world up: the repository (this site's content and `posts` more), the fake GitHub serving it, and the
 * site server on a copy of `publicDir` (hard links; the admin data written anew) with the login pointed at the fake.
 */
export async function startAdminWorld(options: {
  posts: number;
  publicDir?: string;
  /** Bundles the admin anew from src/ (what the build would write) instead of taking the build's. */
  rebundle?: boolean;
  limits?: Parameters<typeof startFakeGitHub>[0]["limits"];
}): Promise<AdminWorld> {
  const publicDir = options.publicDir ?? path.join(root, "public");
  if (!fs.existsSync(path.join(publicDir, "admin", "cms.js")))
    throw new Error(`No built admin in ${publicDir}: run \`npm test -- --only=build\` first.`);
  let generated: string[] = [];
  const source: SourceRepository = createSourceRepository((dir) => {
    fs.cpSync(path.join(root, "content"), path.join(dir, "content"), { recursive: true });
    generated = generatePosts(dir, options.posts);
  });
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "admin-world-public-"));
  execFileSync("cp", ["-al", `${publicDir}/.`, site]);
  // New files, not the build's: a hard link written in place would change the build itself.
  fs.rmSync(path.join(site, "admin", "snapshots"), { recursive: true, force: true });
  fs.rmSync(path.join(site, "admin", "previews"), { recursive: true, force: true });
  for (const sibling of fs.readdirSync(path.join(site, "admin")))
    if (/\.json\.(br|gz)$/.test(sibling)) fs.rmSync(path.join(site, "admin", sibling));
  if (options.rebundle) await rebundleAdmin(site);
  const { collections } = cmsConfig(root) as { collections: Array<{ folder?: string }> };
  const folders = collections.flatMap((c) => (c.folder ? [c.folder] : []));
  await writeAdminData({
    siteRoot: source.dir,
    publicDir: site,
    folders,
    at: new Date(),
    ...contentFacts(source.dir, folders),
  });
  let github: FakeGitHub | null = null;
  let server: SiteServer | null = null;
  const stop = async () => {
    server?.stop();
    await github?.close();
    source.remove();
    fs.rmSync(site, { recursive: true, force: true });
  };
  try {
    github = await startFakeGitHub({
      source: source.dir,
      repo: ADMIN_REPO,
      app: APP,
      limits: options.limits,
    });
    server = await startSiteServer({
      PUBLIC_DIR: site,
      CMS_OAUTH_CLIENT_ID: APP.clientId,
      CMS_OAUTH_CLIENT_SECRET: APP.clientSecret,
      CMS_OAUTH_GITHUB_URL: github.origin,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${server.port}`, publicDir: site, github, generated, stop };
}

/** Resolves once the fake has answered nothing for `quietMs` (at most `maxMs`): the admin's work has settled. */
export async function settled(github: FakeGitHub, quietMs = 1500, maxMs = 30_000) {
  const start = Date.now();
  for (;;) {
    const last = github.limits.calls.at(-1)?.at ?? 0;
    if (Date.now() - Math.max(last, start) >= quietMs || Date.now() - start >= maxMs) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type StepFigures = {
  name: string;
  seconds: number;
  /** For a step made of several actions (ten posts opened): each action's seconds, by part. */
  each?: Record<string, number[]>;
} & ReturnType<typeof tally>;

/** One step of a session: what it cost GitHub (every call from its start until the admin settles) and its time. */
async function step(
  world: AdminWorld,
  name: string,
  act: () => Promise<void>,
): Promise<StepFigures> {
  const from = world.github.limits.calls.length;
  const start = performance.now();
  await act();
  const seconds = (performance.now() - start) / 1000;
  await settled(world.github);
  const calls: CallRecord[] = world.github.limits.calls.slice(from);
  return { name, seconds, ...tally(calls) };
}

const entryLinks = (page: Page) => page.locator("a[href*='#/collections/blog/entries/']");

/**
 * A marketer's session: log in, the blog list, sort by date, search a word of the posts' bodies, open ten posts,
 * save a draft, mark it ready, publish it; then a second visit within the hour (the sort remembered).
 */
export async function marketerSession(
  world: AdminWorld,
  context: BrowserContext,
): Promise<StepFigures[]> {
  await routeGitHubApi(context, world.github.origin);
  const page = await context.newPage();
  const figures: StepFigures[] = [];
  figures.push(
    await step(world, "log in, the blog list", async () => {
      await page.goto(`${world.origin}/admin/`);
      const popup = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Login with GitHub" }).click();
      await (await popup).waitForEvent("close", { timeout: 60_000 });
      await entryLinks(page).first().waitFor({ timeout: 60_000 });
    }),
  );
  figures.push(
    await step(world, "sort by date", async () => {
      const before = await entryLinks(page).first().textContent();
      await page.getByRole("button", { name: "Sort by" }).click();
      await page.getByRole("menuitem", { name: "Date" }).click();
      // Sorted (oldest first): the list's first entry is another one.
      // (While it loads the list holds no entry: that is not sorted yet.)
      await page.waitForFunction(
        (text) => {
          const first = document.querySelector("a[href*='#/collections/blog/entries/']");
          return first !== null && first.textContent !== text;
        },
        before,
        { timeout: 300_000 },
      );
      await page.keyboard.press("Escape");
    }),
  );
  figures.push(
    await step(world, "search a word", async () => {
      const search = page.getByPlaceholder(/Search/);
      await search.fill("checkout");
      await search.press("Enter");
      await page.getByText('Search Results for "checkout"').waitFor({ timeout: 300_000 });
      await entryLinks(page).first().waitFor({ timeout: 300_000 });
    }),
  );
  const slugs = world.generated.slice(0, 10);
  const each = { "back to the list": [] as number[], "the post and its preview": [] as number[] };
  const lap = (from: number) => (performance.now() - from) / 1000;
  figures.push(
    await step(world, "open ten posts", async () => {
      for (const slug of slugs) {
        let from = performance.now();
        // From the list, as an editor goes from one post to the next (Decap keeps an open editor's entry when only
        // the address changes).
        await page.evaluate(() => (location.hash = "#/collections/blog"));
        await entryLinks(page).first().waitFor({ timeout: 300_000 });
        each["back to the list"].push(lap(from));
        from = performance.now();
        await page.evaluate(
          (want) => (location.hash = `#/collections/blog/entries/${want}/index`),
          slug,
        );
        await page.waitForFunction(
          (want) =>
            (document.querySelector("input[id^='slug-field']") as HTMLInputElement | null)
              ?.value === want,
          slug,
          { timeout: 60_000 },
        );
        await page
          .frameLocator("iframe")
          .first()
          .getByRole("heading", { level: 1 })
          .waitFor({ timeout: 60_000 });
        each["the post and its preview"].push(lap(from));
      }
    }),
  );
  figures[figures.length - 1]!.each = each;
  const description = page.locator("textarea[id^='description-field']");
  figures.push(
    await step(world, "save a draft", async () => {
      await description.fill(`Edited at scale (${world.generated.length} posts).`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("button", { name: "Status: Draft" }).waitFor({ timeout: 60_000 });
    }),
  );
  figures.push(
    await step(world, "mark it ready", async () => {
      await page.getByRole("button", { name: "Status: Draft" }).click();
      await page.getByRole("menuitem", { name: "Ready" }).click();
      await page.getByRole("button", { name: "Status: Ready" }).waitFor({ timeout: 60_000 });
    }),
  );
  figures.push(
    await step(world, "publish", async () => {
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.getByRole("menuitem", { name: "Publish now" }).click();
      await page
        .getByRole("button", { name: "Published", exact: true })
        .waitFor({ timeout: 60_000 });
    }),
  );
  await page.close();
  const again = await context.newPage();
  figures.push(
    await step(world, "second visit, sorted", async () => {
      await again.goto(`${world.origin}/admin/#/collections/blog`);
      await entryLinks(again).first().waitFor({ timeout: 120_000 });
    }),
  );
  await again.close();
  return figures;
}
