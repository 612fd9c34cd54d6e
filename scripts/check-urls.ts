// `npm run check:urls [-- --base REF]`: the public URLs the content made at REF (default: the merge base
// with main) and makes in the working tree, compared without building; fails naming each URL that would
// disappear without a redirect, and prints the content/settings/redirects.yml lines to add.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { paths } from "../src/data/blog";
import { fillPlaceholders } from "../src/data/content";
import { parseRedirects, REDIRECTS_FILE, slashed } from "../src/data/redirects";

type Data = Record<string, unknown>;
const git = (root: string, args: string[]) =>
  execFileSync("git", args, {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();

const files = (dir: string, ext: RegExp): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => ext.test(f)).sort()
    : [];

function frontmatter(text: string): Data {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  const data = block ? (parse(block) as unknown) : null;
  return data && typeof data === "object" ? (data as Data) : {};
}

/**
 * Every public URL of a tree (a checkout, or REF's content and src/config unpacked): marketing pages, posts,
 * the tag and author pages that have a listed post, case studies, webinars and the routes of
 * src/config/routes.ts, each with its title where it has one. Paths come from the build's own functions.
 */
export async function siteUrls(root: string): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const add = (url: string, title: unknown) =>
    urls.set(url, typeof title === "string" ? title : "");
  const content = path.join(root, "content");
  for (const file of files(path.join(content, "pages"), /\.ya?ml$/)) {
    const page = parse(fs.readFileSync(path.join(content, "pages", file), "utf8")) as Data | null;
    if (typeof page?.path === "string" && !page.variantOf) add(page.path, page.title);
  }
  const listed = { tags: new Set<string>(), authors: new Set<string>() };
  for (const file of files(path.join(content, "blog"), /(^|[/\\])index\.md$/)) {
    const post = frontmatter(fs.readFileSync(path.join(content, "blog", file), "utf8"));
    if (post.draft === true) continue;
    add(paths.post(path.basename(path.dirname(path.join(content, "blog", file)))), post.title);
    if (post.hidden === true || (post.locale ?? "en") !== "en") continue;
    for (const tag of Array.isArray(post.tags) ? post.tags : []) listed.tags.add(String(tag));
    for (const author of Array.isArray(post.authors) ? post.authors : [])
      listed.authors.add(String(author));
  }
  for (const tag of listed.tags) add(paths.tag(tag), "");
  for (const author of listed.authors) add(paths.author(author), "");
  for (const [folder, pathOf] of [
    ["case-studies", paths.caseStudy],
    ["webinars", paths.webinar],
  ] as const) {
    for (const file of files(path.join(content, folder), /\.md$/)) {
      const entry = frontmatter(fs.readFileSync(path.join(content, folder, file), "utf8"));
      if (entry.draft !== true) add(pathOf(path.basename(file, ".md")), entry.title);
    }
  }
  const routesFile = path.join(root, "src", "config", "routes.ts");
  if (fs.existsSync(routesFile)) {
    const { routes } = (await import(pathToFileURL(routesFile).href)) as {
      routes: Array<{ path: string; app?: string }>;
    };
    for (const route of routes) if (!route.app && !urls.has(route.path)) add(route.path, "");
  }
  return urls;
}

/** The old addresses content/settings/redirects.yml already sends somewhere. */
function redirected(root: string): Set<string> {
  const file = path.join(root, REDIRECTS_FILE);
  if (!fs.existsSync(file)) return new Set();
  const data = fillPlaceholders(parse(fs.readFileSync(file, "utf8")) as unknown);
  return new Set(parseRedirects(data).map((r) => slashed(r.from)));
}

/** Where a lost URL probably went: the new URL with the same title, else its family's index. */
function suggestion(url: string, title: string, now: Map<string, string>): string {
  const same = title ? [...now].find(([, other]) => other === title)?.[0] : undefined;
  if (same) return same;
  const family = ["/blog/", "/case-studies/", "/webinars/"].find((prefix) =>
    url.startsWith(prefix),
  );
  return family ?? "/";
}

/** Where this branch left main (a clone may only have origin/main). */
function mergeBase(root: string): string {
  for (const main of ["main", "origin/main"]) {
    try {
      return git(root, ["merge-base", "HEAD", main]);
    } catch {
      // Try the next spelling of main.
    }
  }
  throw new Error("no main branch to compare with: pass --base REF");
}

export type UrlCheck = { base: string; missing: string[]; lines: string[] };

export async function checkUrls(root: string, base?: string): Promise<UrlCheck> {
  const ref = base ?? mergeBase(root);
  const commit = git(root, ["rev-parse", "--verify", `${ref}^{commit}`]);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "check-urls-"));
  try {
    const wanted = ["content", "src/config"].filter(
      (dir) => git(root, ["ls-tree", "--name-only", commit, dir]) !== "",
    );
    if (wanted.length > 0) {
      const archive = execFileSync("git", ["archive", "--format=tar", commit, ...wanted], {
        cwd: root,
        maxBuffer: 512 * 1024 * 1024,
      });
      execFileSync("tar", ["-x", "-C", tmp], { input: archive });
    }
    const before = await siteUrls(tmp);
    const now = await siteUrls(root);
    const kept = redirected(root);
    const missing = [...before.keys()].filter((url) => !now.has(url) && !kept.has(slashed(url)));
    const lines = missing.flatMap((url) => [
      `  - from: ${url}`,
      `    to: ${suggestion(url, before.get(url) ?? "", now)}`,
    ]);
    return { base: commit.slice(0, 12), missing: missing.sort(), lines };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const at = process.argv.indexOf("--base");
  const base = at >= 0 ? process.argv[at + 1] : undefined;
  const root = process.cwd();
  const result = await checkUrls(root, base);
  if (result.missing.length === 0) {
    console.log(`check:urls: no public URL disappears since ${result.base}`);
    return 0;
  }
  console.error(
    `check:urls: ${result.missing.length} public URL(s) since ${result.base} would disappear without a redirect:\n` +
      result.missing.map((url) => `  ${url}`).join("\n") +
      `\nAdd to ${REDIRECTS_FILE} (under "redirects:"), or in the admin under Site settings > Redirects:\n` +
      result.lines.join("\n"),
  );
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  void main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`check:urls: ${(error as Error).message}`);
      process.exit(2);
    },
  );
