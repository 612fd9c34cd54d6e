// @vitest-environment node
// The Node server and a page's Markdown twin: the twin at its own address, and at the page's address for a request
// whose Accept header prefers Markdown, as text/markdown with X-Robots-Tag: noindex; caches told it varies by Accept.
import { promises as fs } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../../src/server/http/app";
import { precompressDir } from "../../../../src/gatsby/precompress";
import { createPublicFixture, type PublicFixture } from "../support/public-fixture";

const TWIN = `# About us\n\n${"We build device intelligence. ".repeat(60)}\n`;
const AGENT = "text/markdown, text/html;q=0.9, */*;q=0.8";
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

let fixture: PublicFixture;
let app: Hono;

beforeAll(async () => {
  fixture = await createPublicFixture();
  await fs.writeFile(path.join(fixture.publicDir, "about-us", "index.html.md"), TWIN);
  await precompressDir(fixture.publicDir);
  app = createApp({ publicDir: fixture.publicDir, logger: () => {}, logError: () => {} });
});

afterAll(async () => {
  await fixture.cleanup();
});

const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  app.request(url, { method, headers });

describe("a page's Markdown twin on the Node server", () => {
  it("answers at its own address as text/markdown, noindex, compressed like a page", async () => {
    const plain = await get("/about-us/index.html.md");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(plain.headers.get("x-robots-tag")).toBe("noindex");
    expect(await plain.text()).toBe(TWIN);
    const packed = await get("/about-us/index.html.md", { "accept-encoding": "br" });
    expect(packed.headers.get("content-encoding")).toBe("br");
    expect(
      zlib.brotliDecompressSync(Buffer.from(await packed.arrayBuffer())).toString(),
    ).toBe(TWIN);
  });

  it("answers the page's address with the twin when the request prefers Markdown", async () => {
    const response = await get("/about-us/", { accept: AGENT });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("vary")).toMatch(/Accept-Encoding, Accept$/);
    expect(response.headers.get("content-location")).toBe("/about-us/index.html.md");
    expect(await response.text()).toBe(TWIN);
    const head = await get("/about-us/", { accept: "text/markdown" }, "HEAD");
    expect(head.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
  });

  it("answers a browser, and a client that does not prefer Markdown, with the page, still varying by Accept", async () => {
    for (const accept of [BROWSER, "text/markdown, text/html", undefined]) {
      const response = await get("/about-us/", accept ? { accept } : {});
      expect(response.headers.get("content-type"), accept).toBe("text/html; charset=utf-8");
      expect(response.headers.get("x-robots-tag")).toBeNull();
      expect(response.headers.get("vary")).toMatch(/Accept$/);
      expect(await response.text()).toBe(fixture.files["about-us/index.html"]);
    }
  });

  it("answers a page without a twin with its HTML whatever the Accept header, and does not vary", async () => {
    const response = await get("/", { accept: "text/markdown" });
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const missing = await get("/no-such-page/", { accept: "text/markdown" });
    expect(missing.status).toBe(404);
  });
});
