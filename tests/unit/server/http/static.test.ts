// @vitest-environment node
// Tests the static-file building blocks: path resolution, content types, cache policy.
import { describe, expect, it } from "vitest";
import { contentTypeFor, isCompressible } from "../../../../src/config/contentTypes";
import {
  CACHE_IMMUTABLE,
  CACHE_NO_CACHE,
  CACHE_REVALIDATE,
  cacheControlFor,
  resolvePublicPath,
} from "../../../../src/server/http/static";

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
    ["a.js", "text/javascript; charset=utf-8"],
    ["a.css", "text/css; charset=utf-8"],
    ["a.svg", "image/svg+xml"],
    ["rss.xml", "application/xml; charset=utf-8"],
    ["feed.rss", "application/rss+xml; charset=utf-8"],
    ["a.woff2", "font/woff2"],
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
