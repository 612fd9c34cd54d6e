/**
 * How many worker processes Gatsby runs its page queries and its HTML rendering in. Gatsby's default is one fewer
 * than the machine's physical cores (GATSBY_CPU_COUNT, from gatsby-core-utils), so a 2-core build machine gets
 * one worker, and through those two steps, the longest of a large build, the main process mostly waits and a
 * core sits idle. Here: one worker per core. Each worker holds its own copy of the site's data (1.2 GiB at 5,000
 * posts), so never more than one per 2 GiB of the machine's memory beyond the 2 GiB the main process takes.
 */
import os from "node:os";

const GIB = 1024 ** 3;

/** The workers for a machine with `cores` cores and `memoryBytes` of memory: at least one. */
export function gatsbyWorkerCount(cores: number, memoryBytes: number): number {
  const byMemory = Math.floor((memoryBytes / GIB - 2) / 2);
  return Math.max(1, Math.min(cores, byMemory));
}

/**
 * Sets GATSBY_CPU_COUNT (Gatsby starts workers = that count less one) unless the environment already chose;
 * returns the number of workers Gatsby will start. Runs before Gatsby creates its worker pool (onPreBootstrap).
 */
export function giveGatsbyEveryCore(
  env: NodeJS.ProcessEnv = process.env,
  cores = os.availableParallelism(),
  memoryBytes = os.totalmem(),
): number {
  if (env.GATSBY_CPU_COUNT === undefined || env.GATSBY_CPU_COUNT.trim() === "")
    env.GATSBY_CPU_COUNT = String(gatsbyWorkerCount(cores, memoryBytes) + 1);
  const count = Number(env.GATSBY_CPU_COUNT);
  return Number.isFinite(count) ? Math.max(1, count - 1) : 1;
}
