// @vitest-environment node
// Tests the build step that writes .br/.gz siblings: what it compresses, what it leaves, when it stands aside.
import { randomBytes } from "node:crypto";
import { existsSync, promises as fs, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ADMIN_QUALITY,
  BUNDLE_QUALITY,
  PAGE_QUALITY,
  brotliQuality,
  hostCompresses,
  precompressBuild,
  precompressDir,
} from "../../../src/gatsby/precompress";
import { createPublicFixture, type PublicFixture } from "../server/support/public-fixture";

let fixture: PublicFixture;
const at = (name: string): string => path.join(fixture.publicDir, name);
/** Where the build keeps the precompression's thread bundle: beside public/, removed with the fixture. */
const cacheDir = (): string => path.join(path.dirname(fixture.publicDir), ".cache");

beforeEach(async () => {
  fixture = await createPublicFixture();
});

afterEach(async () => {
  await fixture.cleanup();
});

describe("precompressDir", () => {
  it("writes .br and .gz siblings that decompress to the original", async () => {
    const result = await precompressDir(fixture.publicDir);
    for (const name of ["app-abc123def456.js", "styles.css"]) {
      const original = await fs.readFile(at(name));
      const br = await fs.readFile(at(`${name}.br`));
      const gz = await fs.readFile(at(`${name}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
    }
    expect(result.files).toBe(2);
    expect(result.written).toBe(4);
    expect(result.bytesSaved).toBeGreaterThan(0);
  });

  it("leaves small files, images and fonts alone", async () => {
    await fs.writeFile(at("static/abc/big.png"), Buffer.alloc(4096, 0));
    await fs.writeFile(at("big.woff2"), Buffer.alloc(4096, 0));
    await precompressDir(fixture.publicDir);
    for (const name of ["index.html", "robots.txt", "static/abc/big.png", "big.woff2"]) {
      expect(existsSync(at(`${name}.br`))).toBe(false);
      expect(existsSync(at(`${name}.gz`))).toBe(false);
    }
  });

  it("writes no sibling that would be larger than the original", async () => {
    await fs.writeFile(at("noise.txt"), randomBytes(4096));
    await precompressDir(fixture.publicDir);
    expect(existsSync(at("noise.txt.br"))).toBe(false);
    expect(existsSync(at("noise.txt.gz"))).toBe(false);
  });

  it("compresses only the folder it is given, and a later whole pass skips what that did", async () => {
    const data = '{"result":{"data":{}}}'.padEnd(4096, " ");
    await fs.mkdir(at("page-data/blog"), { recursive: true });
    await fs.writeFile(at("page-data/blog/page-data.json"), data);
    const first = await precompressDir(fixture.publicDir, "page-data");
    expect(first).toMatchObject({ files: 1, written: 2 });
    expect(existsSync(at("page-data/blog/page-data.json.br"))).toBe(true);
    expect(existsSync(at("styles.css.br"))).toBe(false);
    expect((await precompressDir(fixture.publicDir)).written).toBe(4);
  });

  it("keeps up-to-date siblings and redoes a changed file", async () => {
    await precompressDir(fixture.publicDir);
    expect((await precompressDir(fixture.publicDir)).written).toBe(0);

    const changed = "p { color: blue; }\n".repeat(300);
    await fs.writeFile(at("styles.css"), changed);
    const later = new Date(Date.now() + 5000);
    await fs.utimes(at("styles.css"), later, later);
    expect((await precompressDir(fixture.publicDir)).written).toBe(2);
    expect(zlib.brotliDecompressSync(await fs.readFile(at("styles.css.br"))).toString()).toBe(
      changed,
    );
  });
});

describe("precompressBuild", () => {
  it.each([
    ["NETLIFY", "true", "Netlify"],
    ["VERCEL", "1", "Vercel"],
  ])("does nothing when %s is set", async (name, value, host) => {
    expect(hostCompresses({ [name]: value })).toBe(host);
    expect(await precompressBuild(fixture.publicDir, cacheDir(), { [name]: value })).toBeNull();
    expect(existsSync(at("app-abc123def456.js.br"))).toBe(false);
    expect(existsSync(at("app-abc123def456.js.gz"))).toBe(false);
  });

  it("compresses everywhere else, in a thread of its own, with the same result as in this one", async () => {
    expect(hostCompresses({})).toBeNull();
    const inThread = await precompressBuild(fixture.publicDir, cacheDir(), {});
    expect(inThread).toMatchObject({ files: expect.any(Number), written: expect.any(Number) });
    expect(inThread?.written).toBeGreaterThan(0);
    expect(existsSync(at("app-abc123def456.js.br"))).toBe(true);
    const sibling = readFileSync(at("app-abc123def456.js.br"));
    rmSync(at("app-abc123def456.js.br"));
    rmSync(at("app-abc123def456.js.gz"));
    await precompressDir(fixture.publicDir);
    expect(readFileSync(at("app-abc123def456.js.br"))).toEqual(sibling);
  });
});

describe("brotliQuality", () => {
  it("is the highest for the bundles and a fast one for the files there is one of per page", () => {
    for (const file of [
      "/p/app-1a2b.js",
      "/p/admin/cms.js",
      "/p/styles.css",
      "/p/x.mjs",
      "/p/a.wasm",
    ])
      expect(brotliQuality(file)).toBe(BUNDLE_QUALITY);
    for (const file of ["/p/blog/index.html", "/p/page-data/blog/page-data.json", "/p/rss.xml"])
      expect(brotliQuality(file)).toBe(PAGE_QUALITY);
    expect(BUNDLE_QUALITY).toBe(11);
    expect(PAGE_QUALITY).toBeLessThan(ADMIN_QUALITY);
    expect(ADMIN_QUALITY).toBeLessThan(BUNDLE_QUALITY);
  });
});
