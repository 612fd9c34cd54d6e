// @vitest-environment node
// The build's search step with the real Pagefind: only pages marked for the index are found, each language in
// its own index, a page's forms and ignored parts are not its words, and a missing index fails naming the file.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import * as React from "react";
import { searchIndexAttributes } from "../../../src/config/search";
import { searchSectionFor } from "../../../src/config/searchSections";
import {
  searchIndexLine,
  searchIndexProblems,
  writeSearchIndex,
  type SearchIndexResult,
} from "../../../src/gatsby/searchIndex";
import { searchDocumentOf } from "../../../src/gatsby/builtPages";
import { parseHtml } from "../../../src/data/parseHtml";
import { querySite } from "../../support/pagefind";

const ROOT = path.resolve(__dirname, "../../..");

/** A built page as the site writes it: the main element marked (or not) by the same function the layout uses. */
function page(
  pathname: string,
  indexed: boolean,
  body: string,
  lang = "en",
  title?: string,
): string {
  const main = renderToStaticMarkup(
    React.createElement("main", {
      id: "main",
      ...searchIndexAttributes(indexed ? { section: searchSectionFor(pathname), title } : null),
      dangerouslySetInnerHTML: { __html: body },
    }),
  );
  return `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><header>Pricing Blog</header>${main}<footer>Sitemap</footer></body></html>`;
}

const PAGES: Record<string, string> = {
  "blog/sms-pumping/index.html": page(
    "/blog/sms-pumping/",
    true,
    "<h1>Stopping SMS pumping</h1><p>Toll fraud drains a verification budget.</p>" +
      '<form><label>Quokkaemail address</label></form><div data-pagefind-ignore="all">Wombatrelated</div>',
  ),
  "blog/hidden-post/index.html": page(
    "/blog/hidden-post/",
    false,
    "<h1>A hidden post</h1><p>Pumping zebrafish secrets.</p>",
  ),
  "buy-now-pay-later/index.html": page(
    "/buy-now-pay-later/",
    true,
    "<h1>Instant credit needs an instant answer</h1><p>BNPL lenders stop repeat signups.</p>",
    "en",
    "Device checks for buy now, pay later, and more",
  ),
  "blog/sms-pumping-br/index.html": page(
    "/blog/sms-pumping-br/",
    true,
    "<h1>Fraude de SMS</h1><p>Bombeamento de SMS custa caro.</p>",
    "pt-BR",
  ),
  "404.html": page("/404.html", false, "<h1>Page not found</h1><p>Pumping nothing.</p>"),
  "admin/index.html": "<!doctype html><html><body><p>Pumping xylophoneadmin</p></body></html>",
};

let site: string;
let docs: string;
let result: SearchIndexResult;

beforeAll(async () => {
  site = await fs.mkdtemp(path.join(os.tmpdir(), "search-index-"));
  for (const [file, html] of Object.entries(PAGES)) {
    await fs.mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await fs.writeFile(path.join(site, file), html);
  }
  // A chunk of an earlier build, which the new index must not keep.
  await fs.mkdir(path.join(site, "pagefind", "fragment"), { recursive: true });
  await fs.writeFile(path.join(site, "pagefind", "fragment", "en_stale.pf_fragment"), "old");
  // Indexed as the build does: from the page pass's copy of each marked page, at the page's own path.
  docs = await fs.mkdtemp(path.join(os.tmpdir(), "search-docs-"));
  for (const [file, html] of Object.entries(PAGES)) {
    const document = searchDocumentOf(html, parseHtml(html));
    if (document === null) continue;
    await fs.mkdir(path.dirname(path.join(docs, file)), { recursive: true });
    await fs.writeFile(path.join(docs, file), document);
  }
  result = await writeSearchIndex(ROOT, site, 3, { source: docs });
}, 60_000);

afterAll(async () => {
  await fs.rm(site, { recursive: true, force: true });
  await fs.rm(docs, { recursive: true, force: true });
});

describe("the build's search index", () => {
  it("indexes the marked pages only, each under its language, and reports it in one line", async () => {
    expect(result.problems).toEqual([]);
    expect(result.pages).toBe(3);
    expect(result.languages).toEqual(["en", "pt-br"]);
    // Code and WebAssembly alone are some 70 KiB; never more than the whole index.
    expect(result.firstQueryBytes).toBeGreaterThan(60_000);
    expect(result.firstQueryBytes).toBeLessThan(result.bytes);
    expect(searchIndexLine(result)).toMatch(
      /^search index: 3 pages, languages en pt-br, \d+ files, \d+ KiB; a first query fetches about \d+ KiB$/,
    );
    await expect(
      fs.stat(path.join(site, "pagefind", "fragment", "en_stale.pf_fragment")),
    ).rejects.toThrow();
  });

  it("finds a post by a word of its body, with its title, section and the words marked", async () => {
    const { hits } = await querySite(site, "pumping");
    expect(hits.map((hit) => hit.url)).toEqual(["/blog/sms-pumping/"]);
    expect(hits[0]).toMatchObject({ title: "Stopping SMS pumping", section: "Blog" });
    expect(hits[0]?.excerpt).toMatch(/<mark>pumping\.?<\/mark>/);
  });

  it("finds a marketing page by a word of its copy, under its section and its own title", async () => {
    const { hits } = await querySite(site, "BNPL");
    expect(hits).toEqual([
      expect.objectContaining({
        url: "/buy-now-pay-later/",
        section: "Use case",
        title: "Device checks for buy now, pay later, and more",
      }),
    ]);
  });

  it("never finds an unmarked page, the header, a form's words or an ignored part", async () => {
    for (const word of ["zebrafish", "Sitemap", "Quokkaemail", "Wombatrelated", "xylophoneadmin"]) {
      expect((await querySite(site, word)).hits, word).toEqual([]);
    }
  });

  it("keeps the Portuguese page in its own language's index", async () => {
    expect((await querySite(site, "bombeamento", "pt-br")).hits.map((h) => h.url)).toEqual([
      "/blog/sms-pumping-br/",
    ]);
    expect((await querySite(site, "bombeamento", "en")).hits).toEqual([]);
  });

  it("writes only what the site's own dialog loads: none of Pagefind's ready-made interfaces", async () => {
    const names = await fs.readdir(path.join(site, "pagefind"));
    expect(names).toEqual(
      expect.arrayContaining(["pagefind.js", "pagefind-worker.js", "pagefind-entry.json"]),
    );
    expect(names.filter((name) => /-ui\.|highlight/.test(name))).toEqual([]);
  });

  it("fails, naming the file, when the index is not the marked pages (none marked: Pagefind takes every page)", async () => {
    const unmarked = await fs.mkdtemp(path.join(os.tmpdir(), "search-unmarked-"));
    try {
      await fs.writeFile(path.join(unmarked, "index.html"), page("/", false, "<h1>Home</h1>"));
      const indexed = await writeSearchIndex(ROOT, unmarked, 0);
      expect(indexed.problems).toEqual([
        `${path.join(unmarked, "pagefind", "pagefind-entry.json")} lists 1 pages, but 0 pages are marked data-pagefind-body (src/config/search.ts): the index must hold the marked pages and no other`,
      ]);
    } finally {
      await fs.rm(unmarked, { recursive: true, force: true });
    }
  }, 60_000);

  it("fails, naming the file, when the index was not written", async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), "search-none-"));
    try {
      expect(await searchIndexProblems(empty)).toEqual([
        expect.stringContaining(path.join(empty, "pagefind", "pagefind.js")),
        expect.stringContaining(path.join(empty, "pagefind", "pagefind-entry.json")),
      ]);
      await fs.mkdir(path.join(empty, "pagefind"));
      await fs.writeFile(path.join(empty, "pagefind", "pagefind.js"), "");
      await fs.writeFile(path.join(empty, "pagefind", "pagefind-entry.json"), '{"languages":{}}');
      expect(await searchIndexProblems(empty)).toEqual([
        expect.stringContaining(
          `${path.join(empty, "pagefind", "pagefind-entry.json")} lists no page`,
        ),
      ]);
    } finally {
      await fs.rm(empty, { recursive: true, force: true });
    }
  });
});

describe("sections", () => {
  it.each([
    ["/blog/sms-pumping/", "Blog"],
    ["/blog/tag/guides/", "Resources"],
    ["/case-studies/lumina-bank/", "Case study"],
    ["/webinars/credential-stuffing-2025/", "Webinar"],
    ["/pricing/", "Pricing"],
    ["/products/bot-detection/", "Product"],
    ["/careers/", "Careers"],
    ["/payment-fraud/", "Use case"],
  ])("%s is listed under %s", (pathname, section) => {
    expect(searchSectionFor(pathname)).toBe(section);
  });
});
