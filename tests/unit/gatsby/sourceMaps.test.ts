// Source maps an earlier build left in public/ are removed, and nothing else is.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeSourceMaps } from "../../../src/gatsby/sourceMaps";

let dir = "";
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("removeSourceMaps", () => {
  it("deletes .js.map and .css.map files and their compressed siblings, anywhere under public/", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "maps-"));
    const files = [
      "app-1a2b.js",
      "app-1a2b.js.map",
      "app-1a2b.js.map.br",
      "app-1a2b.js.map.gz",
      "styles.css.map",
      "admin/cms.js",
      "admin/decap-cms-app.js.map",
      "blog/index.html",
      "sitemap.xml",
      "roadmap.json",
    ];
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), "x");
    }
    expect(await removeSourceMaps(dir)).toBe(5);
    const left = fs.readdirSync(dir, { recursive: true }).map(String).sort();
    expect(left).toEqual([
      "admin",
      "admin/cms.js",
      "app-1a2b.js",
      "blog",
      "blog/index.html",
      "roadmap.json",
      "sitemap.xml",
    ]);
  });
});
