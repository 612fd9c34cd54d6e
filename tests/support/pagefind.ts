// Runs a query against a built site's search index with Pagefind's own browser code, in Node: its files are read
// from the folder a host would serve (public/, or Vercel's .vercel/output/static), as the browser would fetch them.
import { promises as fs } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export type SearchHit = { url: string; title: string; section: string; excerpt: string };

type PagefindBrowser = {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{
    results: Array<{
      data(): Promise<{ raw_url: string; excerpt: string; meta: Record<string, string> }>;
    }>;
  }>;
  destroy?(): Promise<void>;
};

/** A made-up origin the queries' fetches are answered from, out of the files on disk. */
const ORIGIN = "http://site.search.test";
let loads = 0;

/**
 * Every result of `term` in `language`'s index of the site in `siteDir`, with what the dialog shows of each.
 * Also returns every file the query fetched, with its size (what a cold visitor's first query transfers,
 * before compression).
 */
export async function querySite(
  siteDir: string,
  term: string,
  language = "en",
): Promise<{ hits: SearchHit[]; fetched: Array<{ path: string; bytes: number }> }> {
  const fetched: Array<{ path: string; bytes: number }> = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== ORIGIN) return realFetch(input);
    try {
      const bytes = await fs.readFile(path.join(siteDir, decodeURIComponent(url.pathname)));
      fetched.push({ path: url.pathname, bytes: bytes.length });
      return new Response(bytes);
    } catch {
      return new Response("", { status: 404 });
    }
  };
  try {
    loads += 1;
    // A fresh copy of the module per query: Pagefind keeps its index in module state.
    const moduleUrl = `${pathToFileURL(path.join(siteDir, "pagefind", "pagefind.js")).href}?load=${loads}`;
    const pagefind = (await import(moduleUrl)) as PagefindBrowser;
    await pagefind.options({ basePath: `${ORIGIN}/pagefind/` });
    // Pagefind picks the index of the page's <html lang>: in Node, a document that says only that.
    const scope = globalThis as { document?: unknown };
    scope.document = { querySelector: () => ({ getAttribute: () => language }) };
    try {
      await pagefind.init();
    } finally {
      delete scope.document;
    }
    const search = await pagefind.search(term);
    const hits: SearchHit[] = [];
    for (const result of search.results) {
      const data = await result.data();
      hits.push({
        url: data.raw_url,
        title: data.meta["title"] ?? "",
        section: data.meta["section"] ?? "",
        excerpt: data.excerpt,
      });
    }
    await pagefind.destroy?.();
    return { hits, fetched };
  } finally {
    globalThis.fetch = realFetch;
  }
}
