// @vitest-environment node
// Tests the static-file building blocks: path resolution, content types, cache policy, negotiation, cache.
import { promises as fs } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CACHE_IMMUTABLE,
  CACHE_NO_CACHE,
  CACHE_REVALIDATE,
  cacheControlFor,
  CompressionCache,
  contentTypeFor,
  createStaticAssets,
  isCompressible,
  negotiateEncoding,
  resolvePublicPath,
} from "../../../src/server/static";
import { createPublicFixture, type PublicFixture } from "./support/public-fixture";

const ROOT = "/srv/public";

describe("resolvePublicPath", () => {
  it("maps paths inside the root", () => {
    expect(resolvePublicPath(ROOT, "/")).toEqual({ ok: true, filePath: ROOT });
    expect(resolvePublicPath(ROOT, "/about-us/")).toEqual({
      ok: true,
      filePath: `${ROOT}/about-us`,
    });
    expect(resolvePublicPath(ROOT, "/caf%C3%A9/")).toEqual({ ok: true, filePath: `${ROOT}/café` });
    expect(resolvePublicPath(ROOT, "/.well-known/security.txt")).toEqual({
      ok: true,
      filePath: `${ROOT}/.well-known/security.txt`,
    });
  });

  it.each([
    "/../etc/passwd",
    "/%2e%2e/etc/passwd",
    "/%2e%2e%2fetc%2fpasswd",
    "/a/..%2f..%2fetc",
    "/..%5c..%5cetc",
    "/file%00.html",
    "/.git/config",
    "/.env",
    "relative",
  ])("refuses %s", (pathname) => {
    expect(resolvePublicPath(ROOT, pathname)).toEqual({ ok: false, reason: "not-found" });
  });

  it("reports a malformed escape as a bad request", () => {
    expect(resolvePublicPath(ROOT, "/%E0%A4%A")).toEqual({ ok: false, reason: "bad-request" });
    expect(resolvePublicPath(ROOT, "/%")).toEqual({ ok: false, reason: "bad-request" });
  });
});

describe("content types and caching", () => {
  it.each([
    ["a.html", "text/html; charset=utf-8"],
    ["a.mjs", "text/javascript; charset=utf-8"],
    ["a.JSON", "application/json; charset=utf-8"],
    ["a.js.map", "application/json; charset=utf-8"],
    ["site.webmanifest", "application/manifest+json; charset=utf-8"],
    ["sitemap.xml", "application/xml; charset=utf-8"],
    ["a.avif", "image/avif"],
    ["a.webp", "image/webp"],
    ["a.jpg", "image/jpeg"],
    ["a.gif", "image/gif"],
    ["favicon.ico", "image/x-icon"],
    ["a.woff", "font/woff"],
    ["a.pdf", "application/pdf"],
    ["config.yaml", "text/yaml; charset=utf-8"],
    ["unknown.bin", "application/octet-stream"],
  ])("%s is %s", (file, type) => {
    expect(contentTypeFor(file)).toBe(type);
  });

  it("compresses text formats only", () => {
    expect(isCompressible("text/css; charset=utf-8")).toBe(true);
    expect(isCompressible("image/svg+xml")).toBe(true);
    expect(isCompressible("application/manifest+json; charset=utf-8")).toBe(true);
    expect(isCompressible("image/png")).toBe(false);
    expect(isCompressible("font/woff2")).toBe(false);
  });

  it.each([
    ["/app-46dfe0b5b9a99866d32c.js", CACHE_IMMUTABLE],
    ["/framework-4a5226fe0b9385f0efad.js.map", CACHE_IMMUTABLE],
    ["/framework-4a5226fe0b9385f0efad.js.LICENSE.txt", CACHE_IMMUTABLE],
    ["/component---src-pages-404-tsx-bbbbfe21dd608f44804d.js", CACHE_IMMUTABLE],
    ["/styles.3d9f5f3e2b9f01b1f7f2.css", CACHE_IMMUTABLE],
    ["/static/inter-latin-wght-normal-4f2981d82860061bca3ecb967a2cd084.woff2", CACHE_IMMUTABLE],
    ["/page-data/app-data.json", CACHE_NO_CACHE],
    ["/page-data/sq/d/1234567890.json", CACHE_NO_CACHE],
    ["/slice-data/header.json", CACHE_NO_CACHE],
    ["/about-us/index.html", CACHE_NO_CACHE],
    ["/sw.js", CACHE_REVALIDATE],
    ["/~partytown/partytown.js", CACHE_REVALIDATE],
    ["/chunk-map.json", CACHE_REVALIDATE],
    ["/robots.txt", CACHE_REVALIDATE],
  ])("%s → %s", (urlPath, expected) => {
    expect(cacheControlFor(urlPath, contentTypeFor(urlPath))).toBe(expected);
  });
});

describe("negotiateEncoding", () => {
  it.each([
    [null, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["BR", "br"],
    ["br;q=abc, gzip", "gzip"],
  ])("%s → %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("CompressionCache", () => {
  let fixture: PublicFixture;

  beforeAll(async () => {
    fixture = await createPublicFixture();
  });

  afterAll(async () => {
    await fixture.cleanup();
  });

  it("reuses compressed bytes until the file changes", async () => {
    const file = path.join(fixture.publicDir, "cache-me.css");
    await fs.writeFile(file, "a { color: red; }\n".repeat(200));
    const cache = new CompressionCache();
    const first = await cache.get(file, await fs.stat(file), "br", false);
    const again = await cache.get(file, await fs.stat(file), "br", false);
    expect(again).toBe(first);
    expect(cache.size).toBe(1);

    await fs.writeFile(file, "b { color: blue; }\n".repeat(300));
    const changed = await cache.get(file, await fs.stat(file), "br", false);
    expect(zlib.brotliDecompressSync(changed).toString()).toContain("b { color: blue; }");
    // The stale version is dropped, not kept beside the new one.
    expect(cache.size).toBe(1);
  });

  it("shares one compression between concurrent requests", async () => {
    const file = path.join(fixture.publicDir, "app-abc123def456.js");
    const cache = new CompressionCache();
    const stats = await fs.stat(file);
    const [a, b] = await Promise.all([
      cache.get(file, stats, "gzip", true),
      cache.get(file, stats, "gzip", true),
    ]);
    expect(a).toBe(b);
  });

  it("stays within its byte budget", async () => {
    const cache = new CompressionCache(600);
    const files = ["app-abc123def456.js", "styles.css"].map((name) =>
      path.join(fixture.publicDir, name),
    );
    for (const file of files) await cache.get(file, await fs.stat(file), "gzip", false);
    expect(cache.size).toBeLessThanOrEqual(1);
  });

  it("warms the hashed bundles", async () => {
    const assets = createStaticAssets({ publicDir: fixture.publicDir });
    expect(await assets.warm()).toBe(1);
  });
});
