// Every dynamic import in the browser code names its chunk: Gatsby names shared chunks after the chunks that
// share them, so unnamed lazy chunks pool everything they share into one chunk that loads on every page.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../../../src");
// Build-time and server code is never bundled for the browser.
const skipped = ["gatsby", "server", "cms"].map((dir) => path.join(root, dir));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.includes(full) ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

describe("lazy chunks", () => {
  it("every import() in browser code carries a webpackChunkName", () => {
    const unnamed: string[] = [];
    let found = 0;
    for (const file of sourceFiles(root)) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(/(?<!typeof )\bimport\(\s*(\/\*[\s\S]*?\*\/)?\s*["'`]/g)) {
        found += 1;
        if (!/webpackChunkName:\s*"[a-z0-9-]+"/.test(match[1] ?? ""))
          unnamed.push(`${path.relative(root, file)}: ${match[0]}`);
      }
    }
    expect(found).toBeGreaterThan(10);
    expect(unnamed).toEqual([]);
  });
});
