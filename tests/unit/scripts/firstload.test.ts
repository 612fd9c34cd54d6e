// The bench's first-load accounting, against a small Gatsby-shaped public/ written to a temp folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collectReferences,
  compressedSizes,
  fileSizes,
  listHtmlPages,
  measurePage,
  resolveRef,
  routeOfHtmlFile,
} from "../../../scripts/lib/firstload";

const HOME = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<style data-styled="">.a{color:red}</style>
<link rel="stylesheet" href="/styles-1.css"/>
<link rel="preload" as="font" type="font/woff2" href="/static/inter.woff2" crossorigin="anonymous"/>
<link rel="preload" as="script" href="/framework-2.js"/>
<link rel="icon" href="/favicon.png"/>
<script type="application/ld+json">{"@type":"Organization"}</script>
</head><body>
<!-- <script src="/commented-out.js"></script> -->
<img src="/static/hero.png" alt=""><img src="/static/below.png" loading="lazy" alt="">
<noscript><img src="/static/noscript.png" alt=""></noscript>
<script id="loader" data-bundles="/framework-2.js /app-3.js?v=1&amp;x=2">window.pagePath="/";</script>
<script src="https://cdn.example.com/tracker.js" async></script>
</body></html>`;

let pub: string;
const write = (rel: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(pub, rel)), { recursive: true });
  fs.writeFileSync(path.join(pub, rel), content);
};
const js = (name: string, repeat: number) =>
  `/* ${name} */ ${"console.log('chunk');".repeat(repeat)}`;

beforeAll(() => {
  pub = fs.mkdtempSync(path.join(os.tmpdir(), "firstload-"));
  write("index.html", HOME);
  write("about/index.html", `<script src="/app-3.js"></script>`);
  write("404.html", "<h1>Not found</h1>");
  write("admin/index.html", `<script src="/admin/cms.js"></script>`);
  write("_gatsby/slices/_gatsby-scripts-1.html", "<script></script>");
  write("framework-2.js", js("framework", 400));
  write("app-3.js", js("app", 200));
  write("component---index-5.js", js("home", 30));
  write("77-8.js", js("shared", 20));
  write("styles-1.css", ".x{color:blue}".repeat(40));
  write("static/inter.woff2", Buffer.alloc(3000, 7));
  write("static/hero.png", Buffer.alloc(5000, 1));
  write("page-data/app-data.json", `{"webpackCompilationHash":"abc"}`);
  write(
    "page-data/index/page-data.json",
    JSON.stringify({
      componentChunkName: "component---index",
      staticQueryHashes: ["9"],
      slicesMap: { footer: "footer-slice" },
    }),
  );
  write("page-data/sq/d/9.json", `{"data":{}}`);
  write(
    "slice-data/footer-slice.json",
    JSON.stringify({ componentChunkName: "component---footer", staticQueryHashes: [] }),
  );
  write("component---footer-6.js", js("footer", 10));
  write(
    "webpack.stats.json",
    JSON.stringify({
      namedChunkGroups: {
        "component---index": { assets: [{ name: "77-8.js" }, { name: "component---index-5.js" }] },
        "component---footer": {
          assets: ["77-8.js", "component---footer-6.js", "component---footer-6.js.map"],
        },
      },
    }),
  );
});
afterAll(() => fs.rmSync(pub, { recursive: true, force: true }));

describe("collectReferences", () => {
  it("takes what the first load asks for: scripts, the bundle loader's list, stylesheets, eager images, preloads", () => {
    const refs = collectReferences(HOME);
    expect(refs.js).toEqual([
      "/framework-2.js",
      "/framework-2.js",
      "/app-3.js?v=1&x=2",
      "https://cdn.example.com/tracker.js",
    ]);
    expect(refs.css).toEqual(["/styles-1.css"]);
    expect(refs.fonts).toEqual(["/static/inter.woff2"]);
    // Not lazy, not inside noscript, not in a comment; JSON-LD is no script.
    expect(refs.images).toEqual(["/static/hero.png"]);
    expect(refs.inlineJs).toEqual(['window.pagePath="/";']);
    expect(refs.inlineCss).toEqual([".a{color:red}"]);
  });

  it("reads attributes as a browser does, and nothing inside a script, noscript or template", () => {
    const refs = collectReferences(
      `<script SRC="/a.js?x=&#50;"></script><script src=/b.js async></script><link rel='stylesheet preload' href='/c.css'>` +
        `<link rel="modulepreload" href="/m.js"><link rel="preload" as="fetch" href="/d.json">` +
        `<script>document.write("<img src='/x.png'>")</script><template><img src="/t.png"></template>`,
    );
    expect(refs.js).toEqual(["/a.js?x=2", "/b.js", "/m.js"]);
    expect(refs.css).toEqual(["/c.css"]);
    expect(refs.data).toEqual(["/d.json"]);
    expect(refs.images).toEqual([]);
  });
});

describe("paths and sizes", () => {
  it("resolves site paths, tells other origins apart and drops what costs no request", () => {
    expect(resolveRef("/app.js?v=1#x", "/")).toEqual({ path: "/app.js" });
    expect(resolveRef("img/a%20b.png", "/blog/post/")).toEqual({ path: "/blog/post/img/a b.png" });
    expect(resolveRef("//cdn.example.com/x.js", "/")).toEqual({
      external: "//cdn.example.com/x.js",
    });
    expect(resolveRef("data:image/png;base64,AAA", "/")).toBeNull();
    expect(routeOfHtmlFile("index.html")).toBe("/");
    expect(routeOfHtmlFile(path.join("products", "pro", "index.html"))).toBe("/products/pro/");
    expect(routeOfHtmlFile("404.html")).toBe("/404.html");
  });

  it("never counts a compressed size above the raw one, and sends images as stored", () => {
    expect(compressedSizes("x")).toEqual({ raw: 1, gzip: 1, brotli: 1 });
    const text = compressedSizes("hello ".repeat(200));
    expect(text.brotli).toBeLessThan(text.gzip);
    expect(text.gzip).toBeLessThan(text.raw);
    expect(fileSizes(path.join(pub, "static/hero.png"))).toEqual({
      raw: 5000,
      gzip: 5000,
      brotli: 5000,
    });
    expect(fileSizes(path.join(pub, "missing.js"))).toBeNull();
  });

  it("lists the site's pages, not the admin's or Gatsby's slice fragments", () => {
    expect(listHtmlPages(pub)).toEqual([
      "index.html",
      "404.html",
      path.join("about", "index.html"),
    ]);
  });
});

describe("measurePage", () => {
  it("counts each file once: the HTML's, the page's and its slices' chunk groups, inline code in JS and CSS", () => {
    const page = measurePage(pub, "index.html");
    expect(page.jsFiles).toEqual([
      "/framework-2.js",
      "/app-3.js",
      "/77-8.js",
      "/component---index-5.js",
      "/component---footer-6.js",
    ]);
    const raw = (file: string) => fs.statSync(path.join(pub, file)).size;
    expect(page.js.raw).toBe(
      page.jsFiles.reduce((n, f) => n + raw(f), 0) + 'window.pagePath="/";'.length,
    );
    expect(page.css.raw).toBe(raw("styles-1.css") + ".a{color:red}".length);
    expect(page.external).toEqual(["https://cdn.example.com/tracker.js"]);
    expect(page.missing).toEqual([]);
  });

  it("totals the transfer: the HTML, text files at brotli, the page data, images and fonts as stored", () => {
    const page = measurePage(pub, "index.html");
    const brotli = (file: string) => fileSizes(path.join(pub, file))!.brotli;
    const text = [
      ...page.jsFiles,
      "/styles-1.css",
      "/page-data/index/page-data.json",
      "/page-data/app-data.json",
      "/page-data/sq/d/9.json",
      "/slice-data/footer-slice.json",
    ];
    expect(page.transfer).toBe(
      compressedSizes(HOME).brotli + text.reduce((n, f) => n + brotli(f), 0) + 5000 + 3000,
    );
  });

  it("names referenced files that are not in public/", () => {
    write("broken/index.html", `<script src="/gone-0.js"></script>`);
    expect(measurePage(pub, path.join("broken", "index.html")).missing).toEqual(["/gone-0.js"]);
  });
});
