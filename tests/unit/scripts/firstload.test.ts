// Tests the benchmark's first-load accounting against a small Gatsby-shaped public/ written to a temp folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SizeCache,
  collectReferences,
  compressedSizes,
  fileForPath,
  gatsbyRuntimeLoads,
  isCompressible,
  listHtmlPages,
  measurePage,
  pageDataPath,
  resolveRef,
  routeOfHtmlFile,
} from "../../../scripts/lib/firstload.mjs";

const HOME_HTML = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<style data-styled="">.a{color:red}.b{margin:0}</style>
<link rel="stylesheet" href="/styles-111.css"/>
<link rel="preload" as="font" type="font/woff2" href="/static/inter.woff2" crossorigin="anonymous"/>
<link rel="preload" as="script" href="/framework-222.js"/>
<link rel="icon" href="/favicon.png"/>
<script type="application/ld+json">{"@type":"Organization"}</script>
</head><body>
<!-- <script src="/commented-out.js"></script> -->
<img src="/static/hero.png" alt="Hero" width="10" height="10">
<img src="/static/below.png" loading="lazy" alt="">
<img src="data:image/gif;base64,R0lGOD" alt="">
<noscript><img src="/static/noscript.png" alt=""></noscript>
<script>window.pagePath="/";</script>
<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>
<script src="/webpack-runtime-333.js" async></script>
<script src="/framework-222.js" async></script>
<script src="/app-444.js?v=1&amp;x=2" async></script>
<script type="application/json" src="/data.json"></script>
<script src="https://cdn.example.com/tracker.js" async></script>
</body></html>`;

const js = (name: string, repeat: number) =>
  `/* ${name} */ ${"console.log('chunk');".repeat(repeat)}`;

let pub: string;

function write(rel: string, content: string | Buffer): void {
  const abs = path.join(pub, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, content);
}

beforeAll(() => {
  pub = fs.mkdtempSync(path.join(os.tmpdir(), "firstload-"));
  write("index.html", HOME_HTML);
  write(
    "about/index.html",
    `<html><body><h1>About</h1><script src="/app-444.js"></script></body></html>`,
  );
  write("404.html", `<html><body><h1>Not found</h1></body></html>`);
  write("admin/index.html", `<html><script src="/admin/cms.js"></script></html>`);
  write("static/embed.html", "<html></html>");
  write("_gatsby/slices/_gatsby-scripts-1.html", "<script></script>");
  write("webpack-runtime-333.js", js("runtime", 50));
  write("framework-222.js", js("framework", 400));
  write("app-444.js", js("app", 200));
  write("component---src-pages-index-tsx-555.js", js("home", 30));
  write("component---src-pages-about-tsx-666.js", js("about", 10));
  write("77-888.js", js("shared", 20));
  write("styles-111.css", ".x{color:blue}".repeat(40));
  write("static/inter.woff2", Buffer.alloc(3000, 7));
  write("static/hero.png", Buffer.alloc(5000, 1));
  write("static/below.png", Buffer.alloc(9000, 1));
  write("page-data/app-data.json", `{"webpackCompilationHash":"abc"}`);
  write(
    "page-data/index/page-data.json",
    JSON.stringify({
      componentChunkName: "component---src-pages-index-tsx",
      path: "/",
      result: {},
      staticQueryHashes: ["999"],
      slicesMap: {},
    }),
  );
  write("page-data/sq/d/999.json", `{"data":{"site":{"siteMetadata":{"title":"T"}}}}`);
  write(
    "page-data/about/page-data.json",
    JSON.stringify({
      componentChunkName: "component---src-pages-about-tsx",
      staticQueryHashes: [],
    }),
  );
  write(
    "webpack.stats.json",
    JSON.stringify({
      namedChunkGroups: {
        app: { assets: [{ name: "webpack-runtime-333.js" }, { name: "app-444.js" }] },
        "component---src-pages-index-tsx": {
          assets: [{ name: "77-888.js" }, { name: "component---src-pages-index-tsx-555.js" }],
        },
      },
    }),
  );
  // about is only in chunk-map.json, to exercise the fallback.
  write(
    "chunk-map.json",
    JSON.stringify({
      "component---src-pages-about-tsx": ["/component---src-pages-about-tsx-666.js"],
    }),
  );
});

afterAll(() => {
  fs.rmSync(pub, { recursive: true, force: true });
});

const size = (rel: string) => fs.statSync(path.join(pub, rel)).size;

describe("HTML scanning", () => {
  it("reads attributes as a browser does: references decoded, any quoting, names in any case", () => {
    const refs = collectReferences(
      `<script SRC="/a.js?x=1&amp;y=&#50;&#x33;"></script><script src=/b.js async></script>` +
        `<link rel='stylesheet preload' href='/c.css'>`,
    );
    expect(refs.js).toEqual(["/a.js?x=1&y=23", "/b.js"]);
    expect(refs.css).toEqual(["/c.css"]);
  });

  it("skips comments, and keeps the raw text of scripts and styles", () => {
    const refs = collectReferences(
      `<!-- <script src="/x.js"></script> --><style>a>b{}</style><script>if (a < b && c) x()</script>`,
    );
    expect(refs.js).toEqual([]);
    expect(refs.inlineCss).toEqual(["a>b{}"]);
    expect(refs.inlineJs).toEqual(["if (a < b && c) x()"]);
  });

  it("does not look inside a script for tags, nor inside noscript or template", () => {
    const refs = collectReferences(
      `<script>document.write("<img src='/x.png'>")</script><noscript><img src="/n.png"></noscript>` +
        `<template><img src="/t.png"></template><img src="/y.png">`,
    );
    expect(refs.images).toEqual(["/y.png"]);
  });

  it("collects what the first load asks for", () => {
    const refs = collectReferences(HOME_HTML);
    expect(refs.js).toEqual([
      "/framework-222.js",
      "/webpack-runtime-333.js",
      "/framework-222.js",
      "/app-444.js?v=1&x=2",
      "https://cdn.example.com/tracker.js",
    ]);
    expect(refs.css).toEqual(["/styles-111.css"]);
    expect(refs.fonts).toEqual(["/static/inter.woff2"]);
    // Eager images only: not loading=lazy, not inside <noscript>; data: URIs are resolved away later.
    expect(refs.images).toEqual(["/static/hero.png", "data:image/gif;base64,R0lGOD"]);
    expect(refs.inlineJs).toEqual(['window.pagePath="/";', 'window.___chunkMapping="{}";']);
    expect(refs.inlineCss).toEqual([".a{color:red}.b{margin:0}"]);
  });

  it("counts rel=modulepreload and preload as=style", () => {
    const refs = collectReferences(
      `<link rel="modulepreload" href="/m.js"><link rel="preload" as="style" href="/p.css">` +
        `<link rel="preload" as="fetch" href="/page-data/x.json"><script type="module" src="/e.js"></script>`,
    );
    expect(refs.js).toEqual(["/m.js", "/e.js"]);
    expect(refs.css).toEqual(["/p.css"]);
    expect(refs.data).toEqual(["/page-data/x.json"]);
  });
});

describe("resolving references", () => {
  it("resolves site paths, relative paths and strips query and hash", () => {
    expect(resolveRef("/app.js?v=1#x", "/")).toEqual({ path: "/app.js" });
    expect(resolveRef("img/a%20b.png", "/blog/post/")).toEqual({ path: "/blog/post/img/a b.png" });
  });

  it("separates other origins and ignores references that cost no request", () => {
    expect(resolveRef("https://cdn.example.com/x.js", "/")).toEqual({
      external: "https://cdn.example.com/x.js",
    });
    expect(resolveRef("//cdn.example.com/x.js", "/")).toEqual({
      external: "//cdn.example.com/x.js",
    });
    expect(resolveRef("data:image/png;base64,AAA", "/")).toBeNull();
    expect(resolveRef("", "/")).toBeNull();
  });

  it("maps routes to files and refuses paths outside public/", () => {
    expect(routeOfHtmlFile("index.html")).toBe("/");
    expect(routeOfHtmlFile("products/pro/index.html")).toBe("/products/pro/");
    expect(routeOfHtmlFile("404.html")).toBe("/404.html");
    expect(pageDataPath("/")).toBe("/page-data/index/page-data.json");
    expect(pageDataPath("/products/pro/")).toBe("/page-data/products/pro/page-data.json");
    expect(pageDataPath("/404.html")).toBe("/page-data/404.html/page-data.json");
    expect(fileForPath("/srv/public", "/a/")).toBe(path.resolve("/srv/public/a/index.html"));
    expect(fileForPath("/srv/public", "/../secret")).toBeNull();
    expect(fileForPath("/srv/public", "/%2e%2e/x")).toBe(path.resolve("/srv/public/%2e%2e/x"));
  });
});

describe("sizes", () => {
  it("matches zlib at gzip -9 and brotli q11, capped at the raw size", () => {
    const text = Buffer.from("hello hello hello hello hello hello hello hello ".repeat(20));
    const s = compressedSizes(text);
    expect(s.raw).toBe(text.length);
    expect(s.gzip).toBe(zlib.gzipSync(text, { level: 9 }).length);
    expect(s.brotli).toBeLessThan(s.gzip);
    expect(compressedSizes("x")).toEqual({ raw: 1, gzip: 1, brotli: 1 });
    expect(compressedSizes("")).toEqual({ raw: 0, gzip: 0, brotli: 0 });
  });

  it("does not recompress images and fonts", () => {
    expect(isCompressible("/a.js")).toBe(true);
    expect(isCompressible("/a.svg")).toBe(true);
    expect(isCompressible("/a.woff2")).toBe(false);
    expect(isCompressible("/a.PNG")).toBe(false);
    const cache = new SizeCache();
    expect(cache.of(path.join(pub, "static/hero.png"))).toEqual({
      raw: 5000,
      gzip: 5000,
      brotli: 5000,
    });
    expect(cache.of(path.join(pub, "missing.js"))).toBeNull();
  });
});

describe("Gatsby's runtime loads", () => {
  it("finds the page component's chunk group and data from page-data and webpack.stats.json", () => {
    expect(gatsbyRuntimeLoads(pub, "/")).toEqual({
      chunkNames: ["component---src-pages-index-tsx"],
      chunkFiles: ["/77-888.js", "/component---src-pages-index-tsx-555.js"],
      dataFiles: [
        "/page-data/index/page-data.json",
        "/page-data/app-data.json",
        "/page-data/sq/d/999.json",
      ],
    });
  });

  it("falls back to chunk-map.json", () => {
    expect(gatsbyRuntimeLoads(pub, "/about/").chunkFiles).toEqual([
      "/component---src-pages-about-tsx-666.js",
    ]);
  });

  it("finds nothing for a page without page data", () => {
    expect(gatsbyRuntimeLoads(pub, "/404.html")).toEqual({
      chunkNames: [],
      chunkFiles: [],
      dataFiles: [],
    });
  });
});

describe("listHtmlPages", () => {
  it("lists pages and leaves out admin/, static/ and Gatsby's slice fragments", () => {
    expect(listHtmlPages(pub)).toEqual(["index.html", "404.html", "about/index.html"]);
  });
});

describe("measurePage", () => {
  it("counts each first-load file once, per kind, with the page's own chunks apart", () => {
    const page = measurePage(pub, "index.html");
    expect(page.route).toBe("/");
    expect(page.js.files.map((f) => [f.path, f.via])).toEqual([
      ["/framework-222.js", "html"],
      ["/webpack-runtime-333.js", "html"],
      ["/app-444.js", "html"],
      ["/77-888.js", "page-chunk"],
      ["/component---src-pages-index-tsx-555.js", "page-chunk"],
    ]);
    expect(page.js.files.reduce((n, f) => n + f.sizes.raw, 0) + page.js.inline.raw).toBe(
      page.js.total.raw,
    );
    expect(page.js.total.raw).toBe(
      size("framework-222.js") +
        size("webpack-runtime-333.js") +
        size("app-444.js") +
        size("77-888.js") +
        size("component---src-pages-index-tsx-555.js") +
        compressedSizes('window.pagePath="/";\nwindow.___chunkMapping="{}";').raw,
    );
    expect(page.pageChunks.names).toEqual(["component---src-pages-index-tsx"]);
    expect(page.pageChunks.files.map((f) => f.path)).toEqual([
      "/77-888.js",
      "/component---src-pages-index-tsx-555.js",
    ]);
    expect(page.css.files.map((f) => f.path)).toEqual(["/styles-111.css"]);
    expect(page.css.inline.raw).toBe(".a{color:red}.b{margin:0}".length);
    expect(page.images.files.map((f) => f.path)).toEqual(["/static/hero.png"]);
    expect(page.fonts.files.map((f) => f.path)).toEqual(["/static/inter.woff2"]);
    expect(page.data.files.map((f) => f.path)).toEqual([
      "/page-data/index/page-data.json",
      "/page-data/app-data.json",
      "/page-data/sq/d/999.json",
    ]);
    expect(page.external).toEqual(["https://cdn.example.com/tracker.js"]);
    expect(page.missing).toEqual([]);
  });

  it("totals the transfer: brotli HTML, brotli text files, images and fonts as stored", () => {
    const page = measurePage(pub, "index.html");
    const files = [...page.js.files, ...page.css.files, ...page.data.files];
    const expected =
      page.html.brotli +
      files.reduce((n, f) => n + f.sizes.brotli, 0) +
      5000 /* hero.png */ +
      3000; /* font */
    expect(page.transfer).toBe(expected);
    // Inline code travels inside the HTML: counted in JS/CSS, not a second time in the transfer.
    expect(page.html.raw).toBe(Buffer.byteLength(HOME_HTML));
  });

  it("reports references to files that are not in public/", () => {
    write("broken/index.html", `<script src="/gone-000.js"></script>`);
    try {
      expect(measurePage(pub, "broken/index.html").missing).toEqual(["/gone-000.js"]);
    } finally {
      fs.rmSync(path.join(pub, "broken"), { recursive: true });
    }
  });
});
