/**
 * The precompression's thread (precompress.ts precompressInThread): compresses the build's files away from
 * Gatsby's heap, then answers with what it wrote.
 */
import { parentPort, workerData } from "node:worker_threads";
import { precompressDir } from "./precompress";

const { publicDir, under } = workerData as { publicDir: string; under: string };

void precompressDir(publicDir, under).then(
  (result) => parentPort?.postMessage({ result }),
  (error: unknown) =>
    parentPort?.postMessage({ error: error instanceof Error ? error.stack : String(error) }),
);
