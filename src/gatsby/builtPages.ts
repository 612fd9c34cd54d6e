/**
 * What the build does to each page Gatsby wrote: it is repaired (stray NUL bytes from React 18's streaming
 * renderer), its bundle tags are replaced by the after-paint loader, and what its security policy depends on
 * is read from it, and its Markdown twin made when its head links one (markdownTwin.ts), all from one parse; then
 * its compressed siblings are written from the finished bytes, where the build writes siblings at all. pagePass.ts
 * runs this over every page.
 *
 * React 18.3's renderToPipeableStream, which Gatsby 5 renders every page with, encodes the HTML into a
 * reusable 2048-byte buffer. When a character of two or more bytes in UTF-8 (…, —, ’, an emoji) does not
 * fit at the end of the buffer, the encoder stops short and React still flushes the whole buffer, so the
 * unwritten bytes reach the page as NUL characters in front of that character (react/react#31134; fixed
 * only in React 19). The browser then shows a text that differs from the one React renders, a hydration
 * mismatch. A NUL byte never belongs in an HTML page (the parser reports it as an error), so removing
 * every one gives back exactly what React meant to write.
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { routes } from "../config/routes";
import { parseHtml, type HtmlElement } from "../data/parseHtml";
import { pageFacts, type PageFacts } from "../security/inlineScripts";
import { pagePathFor } from "../security/manifest";
import { precompressFile } from "./precompress";
import { afterPaintProblems, rewriteForPaint } from "./scriptsAfterPaint";
import type { PostSource } from "./postTwin";
import { headOf, postHash, twinFileOf, twinOf, writeTwin } from "./twinFiles";
import { threadCpuMs } from "./threadCpu";

/**
 * What a page's finishing is checked against: this build's entry bundles, from webpack.stats.json; where the
 * search index's copy of each marked page goes (searchDocument), when the build indexes its pages; and whether
 * the finished page gets its compressed siblings while its bytes are at hand.
 */
export type BuildFacts = {
  bundles: readonly string[];
  searchDir?: string;
  /** Write each finished page's .br and .gz siblings (precompress.ts), as the local server sends them. */
  precompress?: boolean;
};

/** A finished page: its HTML, why it is not as it should be, and what its policy depends on. */
export type FinishedPage = {
  html: string;
  problems: string[];
  facts: PageFacts;
  /** Marked for the site search (data-pagefind-body): what the index must hold, page for page. */
  searchable: boolean;
  /** What the search index reads of it (searchDocument), null when it is not marked. */
  searchDocument: string | null;
  /** Its Markdown twin, when its head links one (src/data/markdownTwins.ts), else null. */
  twin: string | null;
  /** The page's title (without the product's name after it) and description, as its head gives them. */
  head: { title: string; description: string };
  /** Milliseconds of this thread's CPU spent making the twin (threadCpu.ts). */
  twinMs: number;
};

/** A finished page file, as the pass remembers it between builds (no HTML). */
export type PageRecord = {
  file: string;
  path: string;
  /** SHA-256 of the file as finished: the same bytes next time mean nothing to do. */
  hash: string;
  /** The finished file's size and modification time: unchanged, its bytes need no second read. */
  size: number;
  mtimeMs: number;
  problems: string[];
  facts: PageFacts;
  searchable: boolean;
  /**
   * Its Markdown twin as written: the twin's hash, and the hash of the post it was made from (null for a twin made
   * from the page itself); null when the page has none.
   */
  twin: { hash: string; post: string | null; title: string; description: string } | null;
};

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
export function finishPage(
  html: string,
  facts?: BuildFacts,
  page?: { path: string; post?: PostSource },
): FinishedPage {
  const repaired = withoutNulBytes(html);
  const elements = parseHtml(repaired);
  const finished = rewriteForPaint(repaired, elements);
  const searchDocument = searchDocumentOf(repaired, elements);
  const twinStart = page ? threadCpuMs() : 0;
  const twin = page ? twinOf(repaired, elements, page) : { markdown: null, problems: [] };
  const twinMs = page ? threadCpuMs() - twinStart : 0;
  return {
    html: finished.html,
    problems: [
      ...(facts ? afterPaintProblems(finished.elements, facts.bundles) : []),
      ...twin.problems,
    ],
    facts: pageFacts(finished.elements),
    searchable: searchDocument !== null,
    searchDocument,
    twin: twin.markdown,
    head: headOf(repaired, elements),
    twinMs,
  };
}

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/**
 * The page as the search index needs it: its language and its marked parts (data-pagefind-body, with the
 * meta and ignore marks inside them), without the styles, scripts, header and footer that make up most of a
 * page's bytes. Pagefind reads nothing else of a page with a marked part, so it indexes the same words from a
 * tenth of the HTML. Null for a page with no marked part.
 */
export function searchDocumentOf(html: string, elements: readonly HtmlElement[]): string | null {
  let parts = "";
  let end = -1;
  for (const el of elements) {
    if (el.attributes["data-pagefind-body"] === undefined || el.start < end) continue;
    parts += html.slice(el.start, el.end);
    end = el.end;
  }
  if (end < 0) return null;
  const lang = elements.find((el) => el.name === "html")?.attributes.lang;
  const open = lang === undefined ? "<html>" : `<html lang="${escapeAttribute(lang)}">`;
  return `<!doctype html>${open}<head></head><body>${parts}</body></html>`;
}

export const contentHash = (bytes: string | Buffer): string =>
  createHash("sha256").update(bytes).digest("base64");

/**
 * Finishes one page file of publicDir in place (written only when it changes), and writes or removes its twin
 * beside it; `post` is the post the page shows, when it is one.
 */
export async function finishPageFile(
  publicDir: string,
  file: string,
  facts: BuildFacts,
  post?: PostSource,
): Promise<PageRecord & PassCosts> {
  const full = path.join(publicDir, file);
  const html = await fs.readFile(full, "utf8");
  const page = pagePathFor(file);
  const finished = finishPage(
    html,
    APP_PAGES.has(page) ? undefined : facts,
    path.basename(file) === "index.html" ? { path: page, ...(post ? { post } : {}) } : undefined,
  );
  const changed = finished.html !== html;
  if (changed) await fs.writeFile(full, finished.html);
  if (facts.searchDir) await writeSearchDocument(facts.searchDir, file, finished.searchDocument);
  if (facts.precompress) await precompressFile(publicDir, full, Buffer.from(finished.html));
  const twinPackMs = await writeTwin(
    publicDir,
    twinFileOf(file),
    finished.twin,
    facts.precompress === true,
  );
  const { size, mtimeMs } = await fs.stat(full);
  return {
    file,
    path: page,
    hash: contentHash(finished.html),
    size,
    mtimeMs,
    problems: finished.problems.map((problem) => `${page}: ${problem}`),
    facts: finished.facts,
    searchable: finished.searchable,
    twin:
      finished.twin === null
        ? null
        : {
            hash: contentHash(finished.twin),
            post: post ? postHash(post) : null,
            ...finished.head,
          },
    changed,
    twinMs: finished.twinMs,
    twinPackMs,
  };
}

/** What finishing a page cost, beside its record (not remembered between builds). */
export type PassCosts = {
  /** The page file was rewritten. */
  changed: boolean;
  /** Making its twin and compressing it: this thread's time (both run synchronously). */
  twinMs: number;
  twinPackMs: number;
};

/** A page's copy for the search index in searchDir, at the page's own path; none for an unmarked page. */
export async function writeSearchDocument(
  searchDir: string,
  file: string,
  document: string | null,
): Promise<void> {
  const target = path.join(searchDir, file);
  if (document === null) return fs.rm(target, { force: true });
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, document);
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
