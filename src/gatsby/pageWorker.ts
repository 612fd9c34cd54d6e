/**
 * A worker thread of the page pass (pagePass.ts): finishes the page files it is sent and answers with their
 * records. It runs as a bundle esbuild makes of this file at build time (pageWorkers.ts), so it is plain
 * JavaScript to the worker whatever compiled the rest of the build.
 */
import { parentPort, workerData } from "node:worker_threads";
import { finishPageFile, type BuildFacts } from "./builtPages";
import type { PostSource } from "./postTwin";

const { publicDir, facts } = workerData as { publicDir: string; facts: BuildFacts };

/**
 * Pages finished at once: while one page's siblings are compressed on libuv's pool, the thread parses the next
 * (one at a time, the thread waited out each page's compression).
 */
const IN_FLIGHT = 4;

parentPort?.on(
  "message",
  ({ files, posts }: { files: string[]; posts: Record<string, PostSource> }) => {
    void (async () => {
      try {
        const records: Array<Awaited<ReturnType<typeof finishPageFile>>> = [];
        let next = 0;
        const finishSome = async () => {
          for (let file = files[next++]; file !== undefined; file = files[next++])
            records.push(await finishPageFile(publicDir, file, facts, posts[file]));
        };
        await Promise.all(Array.from({ length: IN_FLIGHT }, finishSome));
        parentPort?.postMessage({ records });
      } catch (error) {
        parentPort?.postMessage({ error: error instanceof Error ? error.stack : String(error) });
      }
    })();
  },
);
