// @vitest-environment node
// What `npm start` sends for the site search's files, written by the real Pagefind into a small build: Pagefind's
// code as compressed JavaScript that is revalidated, its WebAssembly and chunks as bytes no proxy re-encodes, the
// content-hashed chunks cached for good, and a `.wasm` file as application/wasm.
import { promises as fs } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../../../src/server/main";
import { precompressDir } from "../../../../src/gatsby/precompress";
import { writeSearchIndex } from "../../../../src/gatsby/searchIndex";
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from "../../../../src/server/http/static";

const ROOT = path.resolve(__dirname, "../../../..");
let publicDir: string;
let server: RunningServer;
let chunks: string[];

beforeAll(async () => {
  publicDir = await fs.mkdtemp(path.join(os.tmpdir(), "static-search-"));
  await fs.writeFile(
    path.join(publicDir, "index.html"),
    '<!doctype html><html lang="en"><body><main data-pagefind-body><h1>Home</h1><p>Device identification.</p></main></body></html>',
  );
  await fs.writeFile(path.join(publicDir, "404.html"), "<!doctype html><h1>Not found</h1>");
  await fs.writeFile(
    path.join(publicDir, "module.wasm"),
    Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]),
  );
  const written = await writeSearchIndex(ROOT, publicDir, 1);
  expect(written.problems).toEqual([]);
  await precompressDir(publicDir);
  chunks = (await fs.readdir(path.join(publicDir, "pagefind"), { recursive: true }))
    .map((file) => `/pagefind/${file.split(path.sep).join("/")}`)
    .filter((file) => /\.pf_(index|fragment|meta)$/.test(file));
  server = await startServer({ publicDir, port: 0, host: "127.0.0.1", logger: () => undefined });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await fs.rm(publicDir, { recursive: true, force: true });
});

/** Status and headers as sent, asking for brotli like a browser. */
type Answer = Record<string, string | string[] | number | undefined>;

function head(target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(target, server.url), { headers: { "accept-encoding": "br, gzip" } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ ...res.headers, status: res.statusCode ?? 0 }));
      })
      .on("error", reject);
  });
}

describe("the search's files from the local server", () => {
  it("sends Pagefind's code as JavaScript, brotli-compressed, revalidated", async () => {
    for (const file of ["/pagefind/pagefind.js", "/pagefind/pagefind-worker.js"]) {
      const answer = await head(file);
      expect(answer).toMatchObject({
        status: 200,
        "content-type": "text/javascript; charset=utf-8",
        "content-encoding": "br",
        "cache-control": CACHE_REVALIDATE,
      });
    }
    expect(await head("/pagefind/pagefind-entry.json")).toMatchObject({
      status: 200,
      "content-type": "application/json; charset=utf-8",
      "cache-control": CACHE_REVALIDATE,
    });
  });

  it("sends the WebAssembly and the index chunks as they are (Pagefind decompresses them itself)", async () => {
    const wasm = await head("/pagefind/wasm.en.pagefind");
    expect(wasm).toMatchObject({ status: 200, "content-type": "application/octet-stream" });
    expect(wasm["content-encoding"]).toBeUndefined();
    expect(wasm["cache-control"]).toBe(CACHE_REVALIDATE);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks) {
      const answer = await head(chunk);
      expect(answer, chunk).toMatchObject({
        status: 200,
        "content-type": "application/octet-stream",
        "cache-control": CACHE_IMMUTABLE,
      });
      expect(answer["content-encoding"], chunk).toBeUndefined();
    }
  });

  it("sends a .wasm file as application/wasm, which WebAssembly's streaming compile requires", async () => {
    expect(await head("/module.wasm")).toMatchObject({
      status: 200,
      "content-type": "application/wasm",
    });
  });
});
