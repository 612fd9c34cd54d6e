// The CMS admin's bundle as the build makes it (esbuild, src/gatsby/cmsAdmin.ts): what it inlines from the
// environment, which React it carries, where its WebAssembly loads from, and when a rebuild keeps the last bundle.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminDefinitions,
  adminHtml,
  buildCmsAdmin,
  cmsAdminWanted,
  publishCmsAdmin,
  type AdminBuild,
} from "../../../src/gatsby/cmsAdmin";
import { reactVersionsIn } from "../../../scripts/lib/reactversions";

const siteRoot = path.resolve(__dirname, "..", "..", "..");

describe("adminDefinitions", () => {
  it("inlines the public GATSBY_* values and the backend choice, and nothing else of the environment", () => {
    const definitions = adminDefinitions(
      {
        GATSBY_PRODUCT_NAME: "Acme",
        CMS_BACKEND: " github ",
        FPJS_SECRET_API_KEY: "secret-key-value",
        DATABASE_URL: "postgres://user:pw@db/leads",
      },
      "production",
    );
    expect(definitions).toMatchObject({
      "process.env.GATSBY_PRODUCT_NAME": '"Acme"',
      "process.env.CMS_BACKEND": '"github"',
      "process.env.NODE_ENV": '"production"',
      "process.env": "{}",
    });
    expect(JSON.stringify(definitions)).not.toMatch(/secret-key-value|postgres:/);
  });

  it("builds the admin unless CMS_ADMIN is off", () => {
    expect(cmsAdminWanted({})).toBe(true);
    expect(cmsAdminWanted({ CMS_ADMIN: "off" })).toBe(false);
  });
});

describe("adminHtml", () => {
  it("loads cms.js from beside the page, keeps robots out and escapes the title", () => {
    const html = adminHtml("A <b> & co");
    expect(html).toContain("<title>A &lt;b&gt; &amp; co</title>");
    expect(html).toContain('<meta name="robots" content="none">');
    expect(html).toContain('<script defer="defer" src="cms.js"></script>');
  });

  it("has a <base> that changes no address, first in the head, so the router's lookup of it is one step", () => {
    const html = adminHtml("Admin");
    expect(html).toContain('<head><meta charset="utf-8"><base target="_self"><title>');
    expect(html.match(/<base\b[^>]*>/g)).toEqual(['<base target="_self">']);
  });
});

describe("buildCmsAdmin", () => {
  let outDir: string;
  let first: AdminBuild;
  let bundle: string;
  const env = { GATSBY_PRODUCT_NAME: "Planted Product Name", CMS_BACKEND: "github" };
  const title = "Planted content admin";

  beforeAll(async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-admin-"));
    first = await buildCmsAdmin({ siteRoot, outDir, title, env });
    bundle = await fs.readFile(path.join(outDir, "cms.js"), "utf8");
  }, 120_000);
  afterAll(() => fs.rm(outDir, { recursive: true, force: true }));

  it("bundles Decap with React 19 alone, the previews' gatsby shim and the build's public values", () => {
    expect(first.reused).toBe(false);
    const { react, reactDom } = reactVersionsIn(bundle);
    expect([...react, ...reactDom].map((v) => v.split(".")[0])).toEqual(["19", "19"]);
    expect(bundle).toContain("Planted Product Name");
    // The site's Gatsby runtime (its loader, its gatsby-browser) stays out; the shim's links stand in.
    expect(bundle).not.toContain("___loader");
    // No Node built-ins or bare process.env lookups left for the browser to trip over.
    expect(bundle).not.toMatch(/process\.env\.[A-Z]/);
  });

  it("points Decap's WebP encoder at the .wasm files it writes beside cms.js", async () => {
    expect(bundle).toMatch(/new URL\("webp_enc(_simd)?\.wasm",\s*__cmsAdminScriptUrl\)/);
    for (const file of ["webp_enc.wasm", "webp_enc_simd.wasm"]) {
      const bytes = await fs.readFile(path.join(outDir, file));
      expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d])); // "\0asm"
    }
    expect(await fs.readFile(path.join(outDir, "index.html"), "utf8")).toBe(adminHtml(title));
  });

  it("keeps the last bundle while its sources and options are unchanged, and bundles again when one changes", async () => {
    expect((await buildCmsAdmin({ siteRoot, outDir, title, env })).reused).toBe(true);

    // One input's recorded modification time differs from the file's: as after an edit.
    const manifestFile = path.join(outDir, "manifest.json");
    const manifest = JSON.parse(await fs.readFile(manifestFile, "utf8")) as {
      inputs: Array<{ file: string; mtimeMs: number }>;
    };
    const shim = manifest.inputs.find((input) => input.file.endsWith("gatsby-shim.tsx"));
    expect(shim).toBeDefined();
    shim!.mtimeMs -= 1000;
    await fs.writeFile(manifestFile, JSON.stringify(manifest));
    expect((await buildCmsAdmin({ siteRoot, outDir, title, env })).reused).toBe(false);

    // Another build setting (a public value the bundle inlines) is a different bundle.
    const other = { ...env, GATSBY_PRODUCT_NAME: "Renamed" };
    expect((await buildCmsAdmin({ siteRoot, outDir, title, env: other })).reused).toBe(false);
    expect(await fs.readFile(path.join(outDir, "cms.js"), "utf8")).toContain("Renamed");
  }, 120_000);
});

describe("publishCmsAdmin", () => {
  it("copies changed files only, so unchanged ones keep the time their .br/.gz siblings were made from", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-publish-"));
    try {
      const built = path.join(dir, "built");
      const publicDir = path.join(dir, "public");
      await fs.mkdir(built);
      await fs.writeFile(path.join(built, "cms.js"), "bundle-1");
      await fs.writeFile(path.join(built, "index.html"), "<html>");
      const admin: AdminBuild = { dir: built, files: ["cms.js", "index.html"], reused: false };
      expect(await publishCmsAdmin(admin, publicDir)).toBe(2);

      const old = new Date(Date.now() - 60_000);
      await fs.utimes(path.join(publicDir, "admin", "index.html"), old, old);
      await fs.writeFile(path.join(built, "cms.js"), "bundle-2");
      expect(await publishCmsAdmin(admin, publicDir)).toBe(1);
      expect(await fs.readFile(path.join(publicDir, "admin", "cms.js"), "utf8")).toBe("bundle-2");
      const kept = await fs.stat(path.join(publicDir, "admin", "index.html"));
      expect(Math.abs(kept.mtimeMs - old.getTime())).toBeLessThan(1000);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
