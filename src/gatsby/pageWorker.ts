/**
 * A worker thread of the page pass (pagePass.ts): finishes the page files it is sent and answers with their
 * records. It runs as a bundle esbuild makes of this file at build time (pageWorkers.ts), so it is plain
 * JavaScript to the worker whatever compiled the rest of the build.
 */
import { parentPort, workerData } from "node:worker_threads";
import { finishPageFile, type BuildFacts } from "./builtPages";

const { publicDir, facts } = workerData as { publicDir: string; facts: BuildFacts };

parentPort?.on("message", (files: string[]) => {
  void (async () => {
    try {
      const records = [];
      for (const file of files) records.push(await finishPageFile(publicDir, file, facts));
      parentPort?.postMessage({ records });
    } catch (error) {
      parentPort?.postMessage({ error: error instanceof Error ? error.stack : String(error) });
    }
  })();
});
