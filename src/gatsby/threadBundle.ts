/**
 * A worker thread's code as one CommonJS file (dependencies stay in node_modules): the code Gatsby compiled for
 * gatsby-node cannot start a thread of its own TypeScript, so the page pass, the social cards and the
 * precompression bundle their entry with esbuild into Gatsby's cache folder at build time. The bundle runs as
 * if it were the source: packages resolve from src/gatsby, and `__dirname` (inlineCode.ts finds the sources it
 * compiles by it) is src/gatsby. Its text's hash fingerprints the code for the caches that depend on it.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";

export type ThreadBundle = { file: string; fingerprint: string; code: string };

/** Bundles `entry` (a file of src/gatsby, e.g. "pageWorker.ts") into `file`. */
export function bundleThread(entry: string, file: string): ThreadBundle {
  const source = path.join(__dirname, entry);
  const result = buildSync({
    entryPoints: [source],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    jsx: "automatic",
    packages: "external",
    banner: { js: `require = require("node:module").createRequire(${JSON.stringify(source)});` },
    define: { __dirname: JSON.stringify(__dirname) },
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error(`esbuild produced no bundle of ${entry}`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, code);
  return { file, code, fingerprint: createHash("sha256").update(code).digest("base64") };
}
