/**
 * After the build: the site search's index, made by Pagefind from the built pages (only the main content of the
 * pages marked `data-pagefind-body`, src/config/search.ts) and written with Pagefind's browser code into
 * public/pagefind/, where the search dialog loads it on demand.
 */
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { brotliCompressSync } from "node:zlib";
import type * as Pagefind from "pagefind";
import { SEARCH_BUNDLE_PATH } from "../config/searchLinks";

/** public/pagefind/: the folder the browser's SEARCH_BUNDLE_PATH names. */
export const SEARCH_DIR = SEARCH_BUNDLE_PATH.replaceAll("/", "");

/** What the browser loads first: without them there is no search, and the build must say so. */
export const SEARCH_ENTRY_FILES = ["pagefind.js", "pagefind-entry.json"] as const;

/**
 * Left out of every page's indexed content: forms (their labels and options are no answer to a search) and
 * navigation (breadcrumbs, a post's table of contents), besides anything marked `data-pagefind-ignore`.
 */
export const EXCLUDED_SELECTORS = ["form", "nav"];

export type SearchIndexResult = {
  pages: number;
  languages: string[];
  files: number;
  bytes: number;
  /** What a cold visitor's first query fetches, about (firstQueryBytes), in the default language's index. */
  firstQueryBytes: number;
  /** Why the index is not what the site needs (the build fails on any). */
  problems: string[];
};

type PagefindModule = typeof Pagefind;

/**
 * Pagefind's Node API is an ES module whose package exports it to `import` only, and Gatsby compiles this file
 * into CommonJS with Parcel, which turns `import()` into `require()`: the module is required by its file, which
 * Node (20.19 and later) loads as an ES module.
 */
export function loadPagefind(rootDir: string): PagefindModule {
  const entry = path.join(rootDir, "node_modules", "pagefind", "lib", "index.js");
  return createRequire(__filename)(entry) as PagefindModule;
}

type Entry = { languages?: Record<string, { page_count?: number }> };

/** Pagefind's entry file: the languages and how many pages each holds; null when it cannot be read. */
async function readEntry(publicDir: string): Promise<Entry | null> {
  try {
    const file = path.join(publicDir, SEARCH_DIR, "pagefind-entry.json");
    return JSON.parse(await fs.readFile(file, "utf8")) as Entry;
  } catch {
    return null;
  }
}

/** Pagefind's ready-made interfaces (the site has its own dialog): not deployed, so nothing can load them. */
const UNUSED_UI = /^pagefind-(?:component-ui|modular-ui|ui|highlight)\.(?:js|css)$/;

async function removeUnusedUi(outputPath: string): Promise<void> {
  for (const name of await fs.readdir(outputPath)) {
    if (UNUSED_UI.test(name)) await fs.rm(path.join(outputPath, name));
  }
}

async function filesUnder(dir: string): Promise<Array<{ file: string; size: number }>> {
  const out: Array<{ file: string; size: number }> = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.push({ file, size: (await fs.stat(file)).size });
  }
  return out;
}

/** Why a written search folder cannot serve a search: its entry files, each named, and its languages. */
export async function searchIndexProblems(publicDir: string): Promise<string[]> {
  const dir = path.join(publicDir, SEARCH_DIR);
  const problems = SEARCH_ENTRY_FILES.filter((name) => !existsSync(path.join(dir, name))).map(
    (name) => `${path.join(dir, name)} was not written: the site search would find nothing`,
  );
  if (problems.length > 0) return problems;
  const entry = await readEntry(publicDir);
  const file = path.join(dir, "pagefind-entry.json");
  if (entry === null) return [`${file} cannot be read as Pagefind's entry file`];
  const pages = Object.values(entry.languages ?? {}).reduce((n, l) => n + (l.page_count ?? 0), 0);
  return pages > 0 ? [] : [`${file} lists no page: no page is marked data-pagefind-body`];
}

/**
 * Indexes every HTML page of `source` (publicDir unless given: the build passes the page pass's copies of the
 * marked pages, builtPages.ts searchDocumentOf, at the pages' own paths) into publicDir/pagefind/ (the old
 * index removed first, so no chunk of an earlier build is left behind) and checks what was written: the index
 * must hold exactly the `marked` pages (data-pagefind-body, counted by the page pass). Pagefind indexes every
 * page whole when none is marked, so a layout that lost the mark would put noindex pages and the admin in the
 * index without this check.
 */
export async function writeSearchIndex(
  rootDir: string,
  publicDir: string,
  marked: number,
  { source = publicDir, pagefind }: { source?: string; pagefind?: PagefindModule } = {},
): Promise<SearchIndexResult> {
  const api = pagefind ?? loadPagefind(rootDir);
  const outputPath = path.join(publicDir, SEARCH_DIR);
  await fs.rm(outputPath, { recursive: true, force: true });
  const problems: string[] = [];
  try {
    const { index, errors } = await api.createIndex({ excludeSelectors: EXCLUDED_SELECTORS });
    problems.push(...errors.map((e) => `Pagefind could not start an index: ${e}`));
    if (index) {
      // Every HTML file of source (the build's holds marked pages only): once any page is marked
      // data-pagefind-body, Pagefind leaves out each page that is not, so the marking alone decides.
      const added = await index.addDirectory({ path: source });
      problems.push(...added.errors.map((e) => `Pagefind could not index ${source}: ${e}`));
      const written = await index.writeFiles({ outputPath });
      problems.push(...written.errors.map((e) => `Pagefind could not write ${outputPath}: ${e}`));
      await removeUnusedUi(outputPath);
    }
  } finally {
    await api.close();
  }
  problems.push(...(await searchIndexProblems(publicDir)));
  const files = existsSync(outputPath) ? await filesUnder(outputPath) : [];
  const entry = await readEntry(publicDir);
  const languages = Object.keys(entry?.languages ?? {}).sort();
  const pages = Object.values(entry?.languages ?? {}).reduce((n, l) => n + (l.page_count ?? 0), 0);
  if (entry !== null && pages !== marked) {
    problems.push(
      `${path.join(outputPath, "pagefind-entry.json")} lists ${pages} pages, but ${marked} pages are marked ` +
        "data-pagefind-body (src/config/search.ts): the index must hold the marked pages and no other",
    );
  }
  return {
    pages,
    languages,
    firstQueryBytes: files.length > 0 ? await firstQueryBytes(outputPath, files) : 0,
    files: files.length,
    bytes: files.reduce((sum, f) => sum + f.size, 0),
    problems,
  };
}

/** Results the dialog shows, each a fragment of its own. */
const RESULTS_SHOWN = 8;

/**
 * About what a cold visitor's first query transfers, from the files as written: Pagefind's code and worker
 * (brotli, as served), then as Pagefind fetches them the English WebAssembly, entry and meta files, the largest
 * index chunk and a fragment per result shown (the largest ones). Read by `bench:scale` beside the seconds.
 */
async function firstQueryBytes(
  outputPath: string,
  files: ReadonlyArray<{ file: string; size: number }>,
): Promise<number> {
  const named = (pattern: RegExp) =>
    files.filter((f) => pattern.test(path.relative(outputPath, f.file).split(path.sep).join("/")));
  const largest = (list: Array<{ size: number }>, count = 1) =>
    list
      .map((f) => f.size)
      .sort((a, b) => b - a)
      .slice(0, count)
      .reduce((sum, size) => sum + size, 0);
  let code = 0;
  for (const name of ["pagefind.js", "pagefind-worker.js"]) {
    code += brotliCompressSync(await fs.readFile(path.join(outputPath, name))).length;
  }
  return (
    code +
    largest(named(/^(wasm\.en\.pagefind|pagefind-entry\.json|pagefind\.en_[^/]+\.pf_meta)$/), 3) +
    largest(named(/^index\/en_/)) +
    largest(named(/^fragment\/en_/), RESULTS_SHOWN)
  );
}

/** The build's one line about the index, which the scale benchmark reads beside the step's seconds. */
export function searchIndexLine(result: SearchIndexResult): string {
  const kib = (result.bytes / 1024).toFixed(0);
  const query = (result.firstQueryBytes / 1024).toFixed(0);
  return `search index: ${result.pages} pages, languages ${result.languages.join(" ") || "none"}, ${result.files} files, ${kib} KiB; a first query fetches about ${query} KiB`;
}
