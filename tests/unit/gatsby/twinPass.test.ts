// The page pass and the Markdown twins: a twin for each page whose head links one, made from the post for a post,
// kept as it is while neither the page nor the post changes, made again when either does, and removed with its
// siblings when the page loses its link or is gone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { site } from "../../../src/config/site";
import { rewriteBuiltPages } from "../../../src/gatsby/pagePass";
import type { PostSource } from "../../../src/gatsby/postTwin";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const facts = { bundles: ["/app-1.js"] };
const page = (pagePath: string, body: string, twin = true) =>
  "<!DOCTYPE html><html><head><title>Pricing | " +
  site.productName +
  '</title><meta name="description" content="Plans.">' +
  (twin
    ? `<link rel="alternate" type="text/markdown" href="${site.url}${pagePath}index.html.md">`
    : "") +
  `</head><body><main><h1>Title</h1>${body}</main><script src="/app-1.js" async></script></body></html>`;
const post = (markdown: string): PostSource => ({
  title: "A post",
  description: "About it.",
  byline: "Ada · June 1, 2025",
  tags: [],
  markdown,
});

function build() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "twin-pass-"));
  dirs.push(dir);
  const publicDir = path.join(dir, "public");
  const write = (file: string, html: string) => {
    fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
    fs.writeFileSync(path.join(publicDir, file), html);
  };
  write("pricing/index.html", page("/pricing/", "<p>Three plans.</p>"));
  write("blog/a-post/index.html", page("/blog/a-post/", "<p>Rendered body.</p>"));
  write("search/index.html", page("/search/", "<p>Results</p>", false));
  const read = (file: string) => fs.readFileSync(path.join(publicDir, file), "utf8");
  const exists = (file: string) => fs.existsSync(path.join(publicDir, file));
  return { publicDir, cacheDir: path.join(dir, ".cache"), write, read, exists };
}

describe("the page pass's twins", () => {
  it("makes a twin beside each page that links one: a post's from its Markdown, the rest from the page", async () => {
    const b = build();
    const posts = new Map([["blog/a-post/index.html", post("The post's own **Markdown**.\n")]]);
    const result = await rewriteBuiltPages(b.publicDir, facts, { cacheDir: b.cacheDir, posts });
    expect(b.read("pricing/index.html.md")).toBe("# Title\n\nThree plans.\n");
    expect(b.read("blog/a-post/index.html.md")).toContain("The post's own **Markdown**.");
    expect(b.exists("search/index.html.md")).toBe(false);
    expect(result.twins).toMatchObject({ pages: 2, made: 2, fromPosts: 1, removed: 0 });
    expect(result.records.find((r) => r.path === "/pricing/")?.twin).toMatchObject({
      title: "Pricing",
      description: "Plans.",
      post: null,
    });
  });

  it("keeps unchanged twins, and makes a twin again when its post changes though its page did not", async () => {
    const b = build();
    const options = (markdown: string) => ({
      cacheDir: b.cacheDir,
      posts: new Map([["blog/a-post/index.html", post(markdown)]]),
    });
    await rewriteBuiltPages(b.publicDir, facts, options("First.\n"));
    const again = await rewriteBuiltPages(b.publicDir, facts, options("First.\n"));
    expect(again).toMatchObject({ reused: 3, changed: 0, twins: { pages: 2, made: 0 } });
    const edited = await rewriteBuiltPages(b.publicDir, facts, options("Edited.\n"));
    expect(edited.twins).toMatchObject({ pages: 2, made: 1, fromPosts: 1 });
    expect(b.read("blog/a-post/index.html.md")).toContain("Edited.");
    // A twin removed by hand is made again, though nothing changed.
    fs.rmSync(path.join(b.publicDir, "pricing", "index.html.md"));
    expect((await rewriteBuiltPages(b.publicDir, facts, options("Edited.\n"))).twins.made).toBe(1);
    expect(b.exists("pricing/index.html.md")).toBe(true);
  });

  it("removes a twin and its siblings when the page stops linking it or is gone", async () => {
    const b = build();
    const long = `<p>${"Plans for every volume. ".repeat(80)}</p>`;
    b.write("pricing/index.html", page("/pricing/", long));
    await rewriteBuiltPages(b.publicDir, { ...facts, precompress: true }, { cacheDir: b.cacheDir });
    const twin = b.read("pricing/index.html.md");
    expect(
      zlib
        .brotliDecompressSync(
          fs.readFileSync(path.join(b.publicDir, "pricing", "index.html.md.br")),
        )
        .toString(),
    ).toBe(twin);
    // The page turns noindex (no link in its head): the twin and its siblings go.
    b.write("pricing/index.html", page("/pricing/", long, false));
    await rewriteBuiltPages(b.publicDir, { ...facts, precompress: true }, { cacheDir: b.cacheDir });
    for (const file of ["index.html.md", "index.html.md.br", "index.html.md.gz"])
      expect(b.exists(`pricing/${file}`), file).toBe(false);
    // A page that is no longer built (a post turned draft): its twin goes.
    fs.rmSync(path.join(b.publicDir, "blog", "a-post", "index.html"));
    const result = await rewriteBuiltPages(b.publicDir, facts, { cacheDir: b.cacheDir });
    expect(b.exists("blog/a-post/index.html.md")).toBe(false);
    expect(result.twins).toMatchObject({ pages: 0, removed: 1 });
  });

  it("fails the page whose head links a twin at another address", async () => {
    const b = build();
    b.write("pricing/index.html", page("/other/", "<p>x</p>"));
    const result = await rewriteBuiltPages(b.publicDir, facts, { cacheDir: b.cacheDir });
    expect(result.problems).toContain(
      `/pricing/: its head links a Markdown twin at ${site.url}/other/index.html.md, not at ${site.url}/pricing/index.html.md`,
    );
  });

  it("makes the same twins in worker threads, posts sent with their batch", async () => {
    const one = build();
    const two = build();
    const posts = new Map([["blog/a-post/index.html", post("From the post.\n")]]);
    await rewriteBuiltPages(one.publicDir, facts, { cacheDir: one.cacheDir, posts, workers: 1 });
    await rewriteBuiltPages(two.publicDir, facts, {
      cacheDir: two.cacheDir,
      posts,
      workers: 2,
      minPagesForWorkers: 0,
    });
    for (const file of ["pricing/index.html.md", "blog/a-post/index.html.md"])
      expect(two.read(file)).toBe(one.read(file));
    expect(two.read("blog/a-post/index.html.md")).toContain("From the post.");
  });
});
