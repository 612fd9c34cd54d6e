/**
 * The browser's client of the site search: Pagefind's code and index, written by the build into /pagefind/,
 * fetched on first use only (never in a page's first load), then one query at a time.
 */
import { SEARCH_BUNDLE_PATH } from "../config/searchLinks";

/** One result as the dialog and the results page show it. */
export type SearchResult = {
  url: string;
  title: string;
  section: string;
  /** Pagefind's excerpt: the page's text (escaped) with the matched words in <mark>. */
  excerpt: string;
};

export type SearchAnswer = { term: string; total: number; results: SearchResult[] };

type ResultData = { url: string; excerpt: string; meta: Record<string, string | undefined> };

/** The part of Pagefind's browser API the site uses (pagefind.js, version 1.6). */
type Pagefind = {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{ results: Array<{ data(): Promise<ResultData> }> }>;
};

/** Words either side of the matches in an excerpt: about two lines in the dialog. */
const EXCERPT_WORDS = 24;

let loading: Promise<Pagefind> | null = null;

/**
 * Pagefind's code, started once: its index for the page's language (the <html lang>, so the Portuguese page
 * searches the Portuguese index) and its WebAssembly. A failed load is tried again on the next call.
 */
export function loadSearch(): Promise<Pagefind> {
  loading ??= (async () => {
    // Not a webpack chunk: the build writes this file after webpack has run (src/gatsby/searchIndex.ts).
    const url = `${SEARCH_BUNDLE_PATH}pagefind.js`;
    const pagefind = (await import(/* webpackIgnore: true */ url)) as Pagefind;
    await pagefind.options({ excerptLength: EXCERPT_WORDS });
    await pagefind.init();
    return pagefind;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The first `limit` results of a search, best first, with how many there are in all. */
export async function searchSite(term: string, limit: number): Promise<SearchAnswer> {
  const trimmed = term.trim();
  if (trimmed === "") return { term: trimmed, total: 0, results: [] };
  const pagefind = await loadSearch();
  const { results } = await pagefind.search(trimmed);
  const data = await Promise.all(results.slice(0, limit).map((result) => result.data()));
  return {
    term: trimmed,
    total: results.length,
    results: data.map((item) => ({
      url: item.url,
      title: item.meta["title"] ?? item.url,
      section: item.meta["section"] ?? "",
      excerpt: item.excerpt,
    })),
  };
}

/** An excerpt as text runs, each marked or not: read with the browser's own HTML parser, keeping text only. */
export function excerptRuns(excerpt: string): Array<{ text: string; marked: boolean }> {
  const template = document.createElement("template");
  template.innerHTML = excerpt;
  const runs: Array<{ text: string; marked: boolean }> = [];
  for (const node of template.content.childNodes) {
    const text = node.textContent ?? "";
    if (text !== "") runs.push({ text, marked: node.nodeName === "MARK" });
  }
  return runs;
}
