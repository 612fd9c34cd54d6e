/**
 * One pass over the built pages after Gatsby has written them: each page is repaired (stray NUL bytes
 * from React 18's streaming renderer) and its bundle tags are replaced by the after-paint loader.
 *
 * React 18.3's renderToPipeableStream, which Gatsby 5 renders every page with, encodes the HTML into a
 * reusable 2048-byte buffer. When a character of two or more bytes in UTF-8 (…, —, ’, an emoji) does not
 * fit at the end of the buffer, the encoder stops short and React still flushes the whole buffer, so the
 * unwritten bytes reach the page as NUL characters in front of that character (react/react#31134; fixed
 * only in React 19). The browser then shows a text that differs from the one React renders, a hydration
 * mismatch. A NUL byte never belongs in an HTML page (the parser reports it as an error), so removing
 * every one gives back exactly what React meant to write.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { routes } from "../config/routes";
import { parseHtml } from "../data/parseHtml";
import { pagePathFor } from "../security/manifest";
import { afterPaintProblems, scriptsAfterPaint } from "./scriptsAfterPaint";

/** What a page's finishing is checked against: this build's entry bundles, from webpack.stats.json. */
export type BuildFacts = { bundles: readonly string[] };

/** Pages that are apps of their own (the CMS admin): Gatsby's bundles never run there. */
const APP_PAGES = new Set(routes.filter((r) => r.app).map((r) => r.path));

/** The page without NUL characters. */
export function withoutNulBytes(html: string): string {
  return html.includes("\u0000") ? html.replaceAll("\u0000", "") : html;
}

/**
 * What the build does to a page it wrote, and why the result would be wrong: a Gatsby page (`facts` given)
 * must end up with its bundles behind the after-paint loader and nowhere else.
 */
export function finishPage(html: string, facts?: BuildFacts): { html: string; problems: string[] } {
  const repaired = withoutNulBytes(html);
  const finished = scriptsAfterPaint(repaired);
  const problems = facts ? afterPaintProblems(parseHtml(finished), facts.bundles) : [];
  return { html: finished, problems };
}

/** This build's entry bundles as pages name them ("/app-1a2b.js"), from Gatsby's webpack.stats.json. */
export async function entryBundles(publicDir: string): Promise<string[]> {
  const file = path.join(publicDir, "webpack.stats.json");
  const stats = JSON.parse(await fs.readFile(file, "utf8")) as {
    assetsByChunkName?: { app?: unknown };
  };
  const app = stats.assetsByChunkName?.app;
  const bundles = Array.isArray(app)
    ? app.filter((f): f is string => String(f).endsWith(".js"))
    : [];
  if (bundles.length === 0) throw new Error(`${file} names no .js bundles for the "app" chunk`);
  return bundles.map((name) => `/${name}`);
}

/**
 * Finishes every built page of publicDir in place. Returns how many changed and, per page, why it is not
 * as it should be ("/pricing/: …"); the build fails on any.
 */
export async function rewriteBuiltPages(
  publicDir: string,
  facts: BuildFacts,
): Promise<{ changed: number; problems: string[] }> {
  let changed = 0;
  const problems: string[] = [];
  for (const file of await fs.readdir(publicDir, { recursive: true })) {
    // Pages only: Gatsby's own slice files under _gatsby/ are what it stitches pages from.
    if (!file.endsWith(".html") || file.startsWith(`_gatsby${path.sep}`)) continue;
    const full = path.join(publicDir, file);
    if (!(await fs.stat(full)).isFile()) continue;
    const html = await fs.readFile(full, "utf8");
    const page = pagePathFor(file);
    const result = finishPage(html, APP_PAGES.has(page) ? undefined : facts);
    problems.push(...result.problems.map((problem) => `${page}: ${problem}`));
    if (result.html === html) continue;
    await fs.writeFile(full, result.html);
    changed += 1;
  }
  return { changed, problems };
}
