/**
 * Spreads the page pass over the machine's cores: worker threads running pageWorker.ts (threadBundle.ts). The
 * bundle's text also fingerprints the code that made the pass's cached records.
 */
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { BuildFacts, PageRecord, PassCosts } from "./builtPages";
import type { PostSource } from "./postTwin";
import { bundleThread } from "./threadBundle";

/** Pages sent to a worker at a time: small enough to keep both cores busy to the end. */
const BATCH = 64;

export type WorkerBundle = { file: string; fingerprint: string };

/** Bundles pageWorker.ts into `dir`; its hash names the pass's code. */
export async function bundleWorker(dir: string): Promise<WorkerBundle> {
  const { file, fingerprint } = bundleThread("pageWorker.ts", path.join(dir, "page-worker.cjs"));
  return { file, fingerprint };
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
  /** The post a page file shows, sent with the batch it is in. */
  postOf: (file: string) => PostSource | undefined = () => undefined,
): Promise<Array<PageRecord & PassCosts>> {
  const queue: string[][] = [];
  for (let i = 0; i < files.length; i += BATCH) queue.push(files.slice(i, i + BATCH));
  const records: Array<PageRecord & PassCosts> = [];
  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const next = () => {
        const batch = queue.shift();
        if (batch) {
          const posts: Record<string, PostSource> = {};
          for (const file of batch) {
            const post = postOf(file);
            if (post) posts[file] = post;
          }
          worker.postMessage({ files: batch, posts });
        } else resolve();
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
