// @vitest-environment node
// Tests the local app end to end through Hono's fetch: static files, compression, caching, redirects, errors.
import { promises as fs } from "node:fs";
import zlib from "node:zlib";
import type { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../../src/server/http/app";
import { functions, type FunctionRoute } from "../../../../src/server/functions";
import { precompressDir } from "../../../../src/gatsby/precompress";
import {
  CACHE_IMMUTABLE,
  CACHE_NO_CACHE,
  CACHE_REVALIDATE,
} from "../../../../src/server/http/static";
import { createPublicFixture, type PublicFixture } from "../support/public-fixture";

const SECRET = "database password is hunter2";

const failing: FunctionRoute = {
  name: "explode",
  path: "/api/explode/",
  methods: ["GET", "POST"],
  handler: async () => {
    throw new Error(SECRET);
  },
};

let fixture: PublicFixture;
let app: Hono;
let lines: string[];
let errors: unknown[];

beforeAll(async () => {
  fixture = await createPublicFixture();
  // As the build leaves it: .br and .gz beside each compressible file.
  await precompressDir(fixture.publicDir);
});

afterAll(async () => {
  await fixture.cleanup();
});

beforeEach(() => {
  lines = [];
  errors = [];
  app = createApp({
    publicDir: fixture.publicDir,
    functions: [...functions, failing],
    platform: () => ({ country: null }),
    logger: (line) => lines.push(line),
    logError: (error) => errors.push(error),
  });
});

async function get(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Response> {
  return app.request(path, { method, headers });
}

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe("static files", () => {
  it("serves the home page", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe(fixture.files["index.html"]);
  });

  it.each([
    ["/app-abc123def456.js", "text/javascript; charset=utf-8"],
    ["/styles.css", "text/css; charset=utf-8"],
    ["/page-data/index/page-data.json", "application/json; charset=utf-8"],
    ["/static/abc/img.png", "image/png"],
    ["/icon.svg", "image/svg+xml"],
    ["/robots.txt", "text/plain; charset=utf-8"],
    ["/admin/config.yml", "text/yaml; charset=utf-8"],
    ["/font.woff2", "font/woff2"],
  ])("serves %s as %s", async (path, type) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const response = await get("/app-abc123def456.js", { "accept-encoding": "br" }, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(Number(response.headers.get("content-length"))).toBeGreaterThan(0);
    expect((await bytes(response)).length).toBe(0);
  });

  it.each(["POST", "PUT", "DELETE"])("refuses %s on a static path with 405", async (method) => {
    const response = await get("/about-us/", {}, method);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("compression", () => {
  const original = (): Buffer => Buffer.from(fixture.files["app-abc123def456.js"] ?? "");

  it("sends brotli when offered, preferring it to gzip", async () => {
    const response = await get("/app-abc123def456.js", { "accept-encoding": "gzip, deflate, br" });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const body = await bytes(response);
    expect(body.length).toBeLessThan(original().length);
    expect(Number(response.headers.get("content-length"))).toBe(body.length);
    expect(zlib.brotliDecompressSync(body).equals(original())).toBe(true);
  });

  it("sends gzip when brotli is not offered", async () => {
    const response = await get("/app-abc123def456.js", { "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(await bytes(response)).equals(original())).toBe(true);
  });

  it("sends the identity bytes without Accept-Encoding", async () => {
    const response = await get("/app-abc123def456.js");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect((await bytes(response)).equals(original())).toBe(true);
  });

  it("respects a q=0 refusal", async () => {
    const response = await get("/app-abc123def456.js", { "accept-encoding": "br;q=0, gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends the sibling written at build time", async () => {
    const sent = await bytes(await get("/styles.css", { "accept-encoding": "br" }));
    const onDisk = await fs.readFile(`${fixture.publicDir}/styles.css.br`);
    expect(sent.equals(onDisk)).toBe(true);
    expect(zlib.brotliDecompressSync(sent).toString()).toBe(fixture.files["styles.css"]);
  });

  it.each([
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["*;q=0, gzip", "gzip"],
    ["br;q=abc, gzip", "gzip"],
    // The library matches names exactly: a wildcard or an upper-case name gets the identity bytes.
    ["*", null],
    ["BR", null],
  ])("Accept-Encoding %j → %s", async (header, expected) => {
    const response = await get("/app-abc123def456.js", { "accept-encoding": header });
    expect(response.headers.get("content-encoding")).toBe(expected);
  });

  it("sends the identity bytes when the build has no siblings (a build from before the step)", async () => {
    const sibling = `${fixture.publicDir}/styles.css.br`;
    await fs.rename(sibling, `${sibling}.bak`);
    try {
      const response = await get("/styles.css", { "accept-encoding": "br" });
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(await response.text()).toBe(fixture.files["styles.css"]);
    } finally {
      await fs.rename(`${sibling}.bak`, sibling);
    }
  });

  it("leaves tiny files and images alone", async () => {
    const tiny = await get("/", { "accept-encoding": "br" });
    expect(tiny.headers.get("content-encoding")).toBeNull();
    const image = await get("/static/abc/img.png", { "accept-encoding": "br" });
    expect(image.headers.get("content-encoding")).toBeNull();
    expect(image.headers.get("vary")).toBeNull();
  });
});

describe("caching", () => {
  it.each([
    ["/app-abc123def456.js", CACHE_IMMUTABLE],
    ["/static/abc/img.png", CACHE_IMMUTABLE],
    ["/", CACHE_NO_CACHE],
    ["/about-us/", CACHE_NO_CACHE],
    ["/page-data/index/page-data.json", CACHE_NO_CACHE],
    ["/page-data/app-data.json", CACHE_NO_CACHE],
    ["/styles.css", CACHE_REVALIDATE],
    ["/sw.js", CACHE_REVALIDATE],
  ])("%s → %s", async (path, cacheControl) => {
    expect((await get(path)).headers.get("cache-control")).toBe(cacheControl);
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await get("/styles.css", { "accept-encoding": "br" });
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+-br"$/);
    expect(first.headers.get("last-modified")).not.toBeNull();
    const second = await get("/styles.css", {
      "accept-encoding": "br",
      "if-none-match": etag ?? "",
    });
    expect(second.status).toBe(304);
    expect((await bytes(second)).length).toBe(0);
    // The identity representation has its own validator.
    const identity = await get("/styles.css", { "if-none-match": etag ?? "" });
    expect(identity.status).toBe(200);
  });
});

describe("not found", () => {
  it("answers an unknown path with the 404 page and status 404", async () => {
    const response = await get("/no-such-page/");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe(CACHE_NO_CACHE);
    expect(await response.text()).toBe(fixture.files["404.html"]);
  });

  it("answers HEAD on an unknown path with 404", async () => {
    const response = await get("/no-such-page/", {}, "HEAD");
    expect(response.status).toBe(404);
  });

  it("treats a file path with a trailing slash as unknown", async () => {
    expect((await get("/styles.css/")).status).toBe(404);
  });

  it("falls back to a plain 404 when the build has no 404.html", async () => {
    const page = `${fixture.publicDir}/404.html`;
    await fs.rename(page, `${page}.bak`);
    try {
      const response = await get("/missing/");
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not Found");
    } finally {
      await fs.rename(`${page}.bak`, page);
    }
  });
});

describe("trailing slash", () => {
  it("redirects once to the slash form, keeping the query", async () => {
    const response = await get("/careers/jobs/apply?gh_jid=1");
    expect(response.status).toBe(301);
    const location = response.headers.get("location");
    expect(location).toBe("/careers/jobs/apply/?gh_jid=1");
    const followed = await get(location ?? "");
    expect(followed.status).toBe(200);
    expect(await followed.text()).toBe(fixture.files["careers/jobs/apply/index.html"]);
  });

  it("redirects /about-us to /about-us/", async () => {
    const response = await get("/about-us");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/about-us/");
  });

  it("never redirects a path that already ends with a slash", async () => {
    for (const path of ["/", "/about-us/", "/careers/jobs/apply/", "/no-such-page/"]) {
      expect((await get(path)).status).not.toBe(301);
    }
  });

  it("does not redirect paths without an index.html", async () => {
    expect((await get("/no-such-page")).status).toBe(404);
    expect((await get("/page-data")).status).toBe(404);
  });

  it("never issues an open redirect", async () => {
    for (const path of [
      "//evil.com",
      "//evil.com/",
      "///evil.com",
      "//about-us",
      "/\\evil.com",
      "/%2F%2Fevil.com",
    ]) {
      const response = await app.fetch(new Request(`http://localhost${path}`));
      const location = response.headers.get("location");
      if (location !== null) {
        expect(location).toMatch(/^\/(?![/\\])/);
      }
      expect(response.status).not.toBe(500);
    }
    const collapsed = await app.fetch(new Request("http://localhost//about-us"));
    expect(collapsed.headers.get("location")).toBe("/about-us/");
  });
});

describe("path safety", () => {
  it.each([
    "/../package.json",
    "/%2e%2e/package.json",
    "/%2e%2e%2fpackage.json",
    "/..%2fpackage.json",
    "/static/..%2f..%2fpackage.json",
    "/index.html%00.js",
    "/%00",
    "/leak.json",
    "/.env",
  ])("does not serve %s", async (path) => {
    const response = await app.fetch(new Request(`http://localhost${path}`));
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toContain("outside the build");
  });

  it("answers a malformed escape with 400, not 500", async () => {
    const response = await get("/%E0%A4%A");
    expect(response.status).toBe(400);
  });
});

describe("functions", () => {
  it("answers /api/get-country with and without the trailing slash, believing no geo header", async () => {
    for (const path of ["/api/get-country", "/api/get-country/"]) {
      const response = await get(path, { "x-vercel-ip-country": "DE" });
      expect(response.status).toBe(200);
      // On a Node host x-vercel-ip-country is whatever the client wrote.
      expect(await response.json()).toEqual({ country: null });
    }
  });

  it("passes the local platform context to the handler", async () => {
    const local = createApp({
      publicDir: fixture.publicDir,
      platform: () => ({ country: "JP" }),
      logger: () => undefined,
    });
    const response = await local.request("/api/get-country", {
      headers: { "x-vercel-ip-country": "DE" },
    });
    expect(await response.json()).toEqual({ country: "JP" });
  });

  it("refuses POST to get-country with 405", async () => {
    const response = await get("/api/get-country", {}, "POST");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("turns a thrown error into the 500 page for browsers, without the error", async () => {
    const response = await get("/api/explode", { accept: "text/html,application/xhtml+xml" });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const body = await response.text();
    expect(body).toBe(fixture.files["500/index.html"]);
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain("at ");
    expect(errors).toHaveLength(1);
  });

  it("turns a thrown error into generic JSON for API callers", async () => {
    const response = await get("/api/explode/", { accept: "application/json" }, "POST");
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ error: { code: "internal", message: expect.any(String) } });
    expect(body).not.toContain(SECRET);
  });
});

describe("every response", () => {
  it.each(["/", "/no-such-page/", "/about-us", "/api/get-country", "/app-abc123def456.js"])(
    "%s carries the security headers",
    async (path) => {
      const response = await get(path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    },
  );

  it("the 500 page carries them too", async () => {
    const response = await get("/api/explode", { accept: "text/html" });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("logs one line per request with method, path, status and time", async () => {
    await get("/");
    await get("/no-such-page/?email=someone@example.com");
    await get("/api/explode", { accept: "text/html" });
    await get("/about-us/", {}, "HEAD");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^GET \/ 200 \d+\.\dms$/);
    expect(lines[1]).toMatch(/^GET \/no-such-page\/ 404 \d+\.\dms$/);
    expect(lines[2]).toMatch(/^GET \/api\/explode 500 /);
    expect(lines[3]).toMatch(/^HEAD \/about-us\/ 200 /);
    expect(lines.join("\n")).not.toContain("example.com");
  });
});
