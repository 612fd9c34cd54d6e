// The build's pass over its pages: React 18's streaming renderer really leaves NUL bytes in front of a
// character that straddles its 2048-byte buffer, and the pass removes them, giving back the text React
// renders in the browser; it also moves the bundles after the first paint, and leaves Gatsby's slices alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Writable } from "node:stream";
import * as React from "react";
import { renderToPipeableStream } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { finishPage, withoutNulBytes } from "../../../src/gatsby/builtPages";
import { rewriteBuiltPages } from "../../../src/gatsby/pagePass";
import { LOADER_ID } from "../../../src/gatsby/scriptsAfterPaint";

/** A page rendered the way Gatsby 5 renders one: the stream's chunks joined as strings. */
function renderAsGatsbyDoes(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        output += chunk.toString();
        next();
      },
      final(done) {
        resolve(output);
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink),
      onError: reject,
    });
  });
}

const PARAGRAPHS = 60;
/** Many short texts inside a Suspense boundary: React collects them in its buffer before writing. */
const Page = ({ filler }: { filler: number }) => (
  <main>
    <React.Suspense fallback={null}>
      {Array.from({ length: PARAGRAPHS }, (_, index) => (
        <p key={index}>{`${"a".repeat(filler)}promo22@…`}</p>
      ))}
    </React.Suspense>
  </main>
);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("NUL bytes from React 18's stream", () => {
  it("appear when a multi-byte character straddles the renderer's buffer, and the pass removes them", async () => {
    let broken: { filler: number; html: string } | undefined;
    for (let filler = 0; filler < 100 && !broken; filler += 1) {
      const html = await renderAsGatsbyDoes(<Page filler={filler} />);
      if (html.includes("\u0000")) broken = { filler, html };
    }
    // The renderer's bug is real with this React (if it ever goes, this repair can go too).
    expect(broken).toBeDefined();
    const repaired = withoutNulBytes(broken?.html ?? "");
    expect(repaired).not.toContain("\u0000");
    const paragraph = `<p>${"a".repeat(broken?.filler ?? 0)}promo22@…</p>`;
    expect(repaired.split(paragraph).length - 1).toBe(PARAGRAPHS);
  });

  it("leaves a page without NUL bytes as it was", () => {
    const html = "<!DOCTYPE html><html><body><p>promo22@… — ok</p></body></html>";
    expect(withoutNulBytes(html)).toBe(html);
  });
});

describe("rewriteBuiltPages, the pass over every page", () => {
  const page =
    '<!DOCTYPE html><html><head></head><body><div id="___gatsby"><p>promo22@\u0000\u0000…</p></div>' +
    '<script src="/app-1.js" async></script></body></html>';
  const facts = { bundles: ["/app-1.js"] };

  function site(): { dir: string; cacheDir: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "built-pages-"));
    dirs.push(dir);
    const publicDir = path.join(dir, "public");
    fs.mkdirSync(path.join(publicDir, "pricing"), { recursive: true });
    fs.mkdirSync(path.join(publicDir, "_gatsby", "slices"), { recursive: true });
    fs.writeFileSync(path.join(publicDir, "pricing", "index.html"), page);
    fs.writeFileSync(path.join(publicDir, "_gatsby", "slices", "_gatsby-scripts-1.html"), page);
    fs.writeFileSync(path.join(publicDir, "index.html"), "<!DOCTYPE html><p>plain</p>");
    return { dir: publicDir, cacheDir: path.join(dir, ".cache", "site-post-build") };
  }

  it("finishes every page of the build once, and leaves Gatsby's slice files alone", async () => {
    const { dir, cacheDir } = site();
    const first = await rewriteBuiltPages(dir, facts, { cacheDir });
    expect(first).toMatchObject({
      changed: 1,
      reused: 0,
      problems: ["/: expected one bundle loader (#gatsby-bundles-after-paint), found 0"],
    });
    const finished = fs.readFileSync(path.join(dir, "pricing", "index.html"), "utf8");
    expect(finished).toBe(finishPage(page, facts).html);
    expect(finished).toContain("<p>promo22@…</p>");
    expect(finished).toContain(`id="${LOADER_ID}"`);
    expect(first.records.find((r) => r.path === "/pricing/")?.facts.scripts).toEqual([
      expect.objectContaining({ id: LOADER_ID }),
    ]);
    expect(
      fs.readFileSync(path.join(dir, "_gatsby", "slices", "_gatsby-scripts-1.html"), "utf8"),
    ).toBe(page);
  });

  it("answers for unchanged pages from its cache and finishes only the pages Gatsby rewrote", async () => {
    const { dir, cacheDir } = site();
    const first = await rewriteBuiltPages(dir, facts, { cacheDir });
    const again = await rewriteBuiltPages(dir, facts, { cacheDir });
    expect(again).toMatchObject({ changed: 0, reused: 2, problems: first.problems });
    expect(again.records).toEqual(first.records);
    // Gatsby writes /pricing/ again (its data changed): only that page is finished.
    fs.writeFileSync(path.join(dir, "pricing", "index.html"), page.replace("promo22", "promo23"));
    const third = await rewriteBuiltPages(dir, facts, { cacheDir });
    expect(third).toMatchObject({ changed: 1, reused: 1 });
    expect(fs.readFileSync(path.join(dir, "pricing", "index.html"), "utf8")).toContain("promo23");
    // Other bundles (a new build of the JavaScript): nothing the cache says holds any more.
    const other = await rewriteBuiltPages(dir, { bundles: ["/app-2.js"] }, { cacheDir });
    expect(other.reused).toBe(0);
  });

  it("writes each finished page's .br and .gz siblings in the same pass when asked, and none otherwise", async () => {
    const { dir, cacheDir } = site();
    const long = page.replace("promo22", `promo22 ${"fraud ".repeat(400)}`);
    fs.writeFileSync(path.join(dir, "pricing", "index.html"), long);
    const file = path.join(dir, "pricing", "index.html");
    await rewriteBuiltPages(dir, facts, { cacheDir });
    expect(fs.existsSync(`${file}.br`) || fs.existsSync(`${file}.gz`)).toBe(false);

    fs.writeFileSync(file, long);
    await rewriteBuiltPages(dir, { ...facts, precompress: true }, { cacheDir });
    const finished = fs.readFileSync(file);
    expect(finished.toString()).toBe(finishPage(long, facts).html);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(finished)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(finished)).toBe(true);
  });

  it("gives the same pages and records from worker threads as from this thread", async () => {
    const one = site();
    const two = site();
    const inThread = await rewriteBuiltPages(one.dir, facts, {
      cacheDir: one.cacheDir,
      workers: 1,
    });
    const inWorkers = await rewriteBuiltPages(two.dir, facts, {
      cacheDir: two.cacheDir,
      workers: 2,
      minPagesForWorkers: 0,
    });
    // The same records but for the files' times (two copies, written at two moments).
    const timeless = (records: typeof inThread.records) =>
      records.map((record) => ({ ...record, mtimeMs: 0 }));
    expect(timeless(inWorkers.records)).toEqual(timeless(inThread.records));
    expect(fs.readFileSync(path.join(two.dir, "pricing", "index.html"), "utf8")).toBe(
      fs.readFileSync(path.join(one.dir, "pricing", "index.html"), "utf8"),
    );
  });
  it("keeps each marked page's language and marked part for the search index, and only while it is marked", async () => {
    const { dir, cacheDir } = site();
    const searchDir = path.join(cacheDir, "search-pages");
    const marked = (words: string) =>
      '<!DOCTYPE html><html lang="pt-BR"><head><style>.x{}</style></head><body><header>Menu</header>' +
      `<main data-pagefind-body="" data-pagefind-meta="section[data-s]" data-s="Blog"><h1>${words}</h1></main>` +
      '<footer>Sitemap</footer><script src="/app-1.js" async></script></body></html>';
    fs.writeFileSync(path.join(dir, "pricing", "index.html"), marked("Fraude de SMS"));
    const withSearch = { ...facts, searchDir };
    const first = await rewriteBuiltPages(dir, withSearch, { cacheDir });
    expect(first.records.filter((r) => r.searchable).map((r) => r.file)).toEqual([
      path.join("pricing", "index.html"),
    ]);
    const copy = path.join(searchDir, "pricing", "index.html");
    expect(fs.readFileSync(copy, "utf8")).toBe(
      '<!doctype html><html lang="pt-BR"><head></head><body><main data-pagefind-body="" ' +
        'data-pagefind-meta="section[data-s]" data-s="Blog"><h1>Fraude de SMS</h1></main></body></html>',
    );
    // Removed from the cache folder by hand: the next pass writes it again, though the page did not change.
    fs.rmSync(copy);
    expect((await rewriteBuiltPages(dir, withSearch, { cacheDir })).reused).toBe(1);
    expect(fs.existsSync(copy)).toBe(true);
    // The page loses its mark, then is gone: its copy goes with it.
    fs.writeFileSync(path.join(dir, "pricing", "index.html"), page);
    await rewriteBuiltPages(dir, withSearch, { cacheDir });
    expect(fs.existsSync(copy)).toBe(false);
    fs.writeFileSync(path.join(dir, "pricing", "index.html"), marked("Again"));
    await rewriteBuiltPages(dir, withSearch, { cacheDir });
    fs.rmSync(path.join(dir, "pricing"), { recursive: true });
    await rewriteBuiltPages(dir, withSearch, { cacheDir });
    expect(fs.existsSync(copy)).toBe(false);
  });
});
