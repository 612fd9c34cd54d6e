/**
 * A drawing process of the social cards step (socialCards.ts): draws each card it is sent (socialCardDraw.ts)
 * into the cache. Runs as a bundle esbuild makes of this file at build time, like the page pass's worker.
 * Started with `--idle`, it lowers its own priority first, so that it draws on what Gatsby leaves idle and
 * never slows Gatsby down; the threads it starts later (libuv's, libvips's) inherit that priority.
 */
import { rename, writeFile } from "node:fs/promises";
import os from "node:os";
import type { CardInput } from "../data/socialCard";
import { drawCard } from "./socialCardDraw";

export type CardJob = { file: string; card: CardInput };

if (process.argv.includes("--idle")) os.setPriority(0, os.constants.priority.PRIORITY_LOW);
// Its parent gone (a failed or stopped build), the process goes too.
process.on("disconnect", () => process.exit(0));

process.on("message", (jobs: CardJob[]) => {
  void (async () => {
    try {
      for (const job of jobs) {
        // Written aside and renamed: a card cut off by a crash is never taken for a drawn one.
        const part = `${job.file}.${process.pid}.part`;
        await writeFile(part, await drawCard(job.card));
        await rename(part, job.file);
      }
      process.send?.({ done: jobs.length });
    } catch (error) {
      process.send?.({ error: error instanceof Error ? error.stack : String(error) });
    }
  })();
});
