// @vitest-environment node
// Tests the static layer over real HTTP on a free loopback port: Range requests and If-None-Match.
import { existsSync } from "node:fs";
import { utimes } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../../../src/server/main";
import { ifRangeHolds } from "../../../../src/server/http/static";
import { precompressDir } from "../../../../src/gatsby/precompress";
import { createPublicFixture, type PublicFixture } from "../support/public-fixture";

let fixture: PublicFixture;
let server: RunningServer;

beforeAll(async () => {
  fixture = await createPublicFixture();
  await precompressDir(fixture.publicDir);
  server = await startServer({
    publicDir: fixture.publicDir,
    port: 0,
    host: "127.0.0.1",
    logger: () => undefined,
  });
});

afterAll(async () => {
  await server?.close();
  await fixture.cleanup();
});

const BUNDLE = "/app-abc123def456.js";
const original = (): Buffer => Buffer.from(fixture.files["app-abc123def456.js"] ?? "");

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, server.url), { headers });
}

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

/** The bytes as sent: fetch would decode a Content-Encoding it knows. */
function raw(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, server.url), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers["content-encoding"],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

/** The status, headers and bytes as sent, asking for no encoding unless told. */
function rawWithHeaders(
  target: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(target, server.url), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

describe("Range", () => {
  it("answers a byte range with 206 and exactly those bytes", async () => {
    const response = await get(BUNDLE, { range: "bytes=100-199" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 100-199/${original().length}`);
    expect(response.headers.get("content-length")).toBe("100");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect((await bytes(response)).equals(original().subarray(100, 200))).toBe(true);
  });

  it("answers a suffix range with the last bytes", async () => {
    const response = await get(BUNDLE, { range: "bytes=-10" });
    expect(response.status).toBe(206);
    expect((await bytes(response)).equals(original().subarray(-10))).toBe(true);
  });

  it("ranges over the compressed bytes when an encoding was chosen", async () => {
    const whole = await raw(BUNDLE, { "accept-encoding": "br" });
    expect(whole.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(whole.body).equals(original())).toBe(true);
    const part = await raw(BUNDLE, { "accept-encoding": "br", range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.encoding).toBe("br");
    expect(part.body.equals(whole.body.subarray(0, 10))).toBe(true);
  });

  it("answers an unsatisfiable range with 416 and the full length", async () => {
    const response = await get(BUNDLE, { range: `bytes=${original().length + 10}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${original().length}`);
    expect((await bytes(response)).length).toBe(0);
  });

  it.each([
    ["garbage", "bytes=abc"],
    ["two ranges", "bytes=0-1,5-6"],
    ["two ranges with spaces", "bytes=0-9, 20-29"],
    ["last before first", "bytes=5-3"],
    ["another unit", "items=0-5"],
    ["no unit", "0-5"],
    ["no range at all", "bytes="],
    ["a lone dash", "bytes=-"],
    ["a negative start", "bytes=-5-10"],
  ])("ignores %s (%j): 200 with the whole file, never a 206 that claims part", async (_, range) => {
    const response = await get(BUNDLE, { range });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-range")).toBeNull();
    expect((await bytes(response)).equals(original())).toBe(true);
  });

  it("still serves one range written with spaces around it", async () => {
    const response = await get(BUNDLE, { range: "bytes= 100-199 " });
    expect(response.status).toBe(206);
    expect((await bytes(response)).equals(original().subarray(100, 200))).toBe(true);
  });

  it("sends the whole 404 page with status 404, whatever the range", async () => {
    const response = await get("/no-such-page/", { range: "bytes=0-3" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-range")).toBeNull();
    expect(await response.text()).toBe(fixture.files["404.html"]);
  });
});

describe("If-Range", () => {
  /** The bundle and its compressed siblings, last changed an hour ago (a date validator a second old or more is strong). */
  beforeAll(async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const suffix of ["", ".br", ".gz"]) {
      const file = path.join(fixture.publicDir, `${BUNDLE}${suffix}`);
      if (existsSync(file)) await utimes(file, hourAgo, hourAgo);
    }
  });

  async function validators(): Promise<{ etag: string; lastModified: string }> {
    const first = await rawWithHeaders(BUNDLE, {});
    return {
      etag: String(first.headers.etag),
      lastModified: String(first.headers["last-modified"]),
    };
  }

  it("serves the range when If-Range is the file's own Last-Modified", async () => {
    const { lastModified } = await validators();
    const part = await rawWithHeaders(BUNDLE, { range: "bytes=0-9", "if-range": lastModified });
    expect(part.status).toBe(206);
    expect(part.body.equals(original().subarray(0, 10))).toBe(true);
  });

  it.each([
    ["another date (an older deploy)", () => "Mon, 01 Jan 2024 00:00:00 GMT"],
    [
      "the same time spelled otherwise",
      (v: { lastModified: string }) => new Date(v.lastModified).toISOString(),
    ],
    ["a weak entity tag, even the file's own", (v: { etag: string }) => v.etag],
    ["a strong entity tag", (v: { etag: string }) => v.etag.replace(/^W\//, "")],
    ["garbage", () => "yesterday"],
  ])("sends the whole file, 200, when If-Range is %s", async (_, ifRange) => {
    const given = ifRange(await validators());
    for (const range of ["bytes=0-9", `bytes=${original().length + 10}-`]) {
      const answer = await rawWithHeaders(BUNDLE, { range, "if-range": given });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-range"]).toBeUndefined();
      expect(answer.body.equals(original())).toBe(true);
    }
  });

  it("does not take a date within the last second as proof of the same bytes", () => {
    const now = Date.parse("Wed, 02 Dec 2026 10:00:00 GMT");
    expect(
      ifRangeHolds("Wed, 02 Dec 2026 10:00:00 GMT", "Wed, 02 Dec 2026 10:00:00 GMT", now),
    ).toBe(false);
    expect(
      ifRangeHolds("Wed, 02 Dec 2026 09:59:59 GMT", "Wed, 02 Dec 2026 09:59:59 GMT", now),
    ).toBe(true);
  });
});

describe("If-None-Match", () => {
  it.each([
    ["identity", {}],
    ["brotli", { "accept-encoding": "br" }],
  ])("answers 304 with the ETag of a first %s answer", async (_, headers) => {
    const first = await get(BUNDLE, headers);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^W\/"/);
    const second = await get(BUNDLE, { ...headers, "if-none-match": tag ?? "" });
    expect(second.status).toBe(304);
    expect(second.headers.get("etag")).toBe(tag);
    expect(second.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await bytes(second)).length).toBe(0);
  });

  it("answers 200 with the body when the ETag does not match", async () => {
    const response = await get(BUNDLE, { "if-none-match": 'W/"0-0"' });
    expect(response.status).toBe(200);
    expect((await bytes(response)).equals(original())).toBe(true);
  });

  it("gives a page and its revalidation the same validator", async () => {
    const first = await get("/about-us/");
    await first.arrayBuffer();
    const second = await get("/about-us/", { "if-none-match": first.headers.get("etag") ?? "" });
    expect(second.status).toBe(304);
    expect(second.headers.get("cache-control")).toBe("no-cache");
  });
});
