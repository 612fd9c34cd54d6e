/**
 * Spreads the page pass over the machine's cores: worker threads running pageWorker.ts, bundled by esbuild
 * into Gatsby's cache folder at build time (the code Gatsby compiled for gatsby-node cannot start a thread of
 * its own TypeScript). The bundle's text also fingerprints the code that made the pass's cached records.
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { buildSync } from "esbuild";
import type { BuildFacts, PageRecord } from "./builtPages";

/** Pages sent to a worker at a time: small enough to keep both cores busy to the end. */
const BATCH = 64;

export type WorkerBundle = { file: string; fingerprint: string };

/**
 * Bundles pageWorker.ts (dependencies stay in node_modules) into `dir`; its hash names the pass's code. The
 * bundle runs as if it were the source: packages resolve from src/gatsby, and `__dirname` (inlineCode.ts
 * finds the sources it compiles by it) is src/gatsby.
 */
export async function bundleWorker(dir: string): Promise<WorkerBundle> {
  const source = path.join(__dirname, "pageWorker.ts");
  const result = buildSync({
    entryPoints: [source],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    banner: { js: `require = require("node:module").createRequire(${JSON.stringify(source)});` },
    define: { __dirname: JSON.stringify(__dirname) },
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error("pageWorkers: esbuild produced no worker bundle");
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, "page-worker.cjs");
  await fs.writeFile(file, code);
  return { file, fingerprint: createHash("sha256").update(code).digest("base64") };
}

/** How many workers: the cores this process may use, at least one. */
export const workerCount = (): number => Math.max(1, os.availableParallelism());

/** Finishes `files` in `count` worker threads; resolves with every page's record, in no particular order. */
export async function finishInWorkers(
  bundle: WorkerBundle,
  publicDir: string,
  facts: BuildFacts,
  files: readonly string[],
  count = workerCount(),
): Promise<Array<PageRecord & { changed: boolean }>> {
  const queue: string[][] = [];
  for (let i = 0; i < files.length; i += BATCH) queue.push(files.slice(i, i + BATCH));
  const records: Array<PageRecord & { changed: boolean }> = [];
  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const next = () => {
        const batch = queue.shift();
        if (batch) worker.postMessage(batch);
        else resolve();
      };
      worker.on("message", (message: { records?: typeof records; error?: string }) => {
        if (message.error) reject(new Error(`page pass worker: ${message.error}`));
        else {
          records.push(...(message.records ?? []));
          next();
        }
      });
      worker.on("error", reject);
      worker.on("exit", (code) => {
        if (code !== 0) reject(new Error(`page pass worker exited with ${code}`));
      });
      next();
    });
  const workers = Array.from(
    { length: Math.min(count, queue.length) },
    () => new Worker(bundle.file, { workerData: { publicDir, facts } }),
  );
  try {
    await Promise.all(workers.map(run));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return records;
}
