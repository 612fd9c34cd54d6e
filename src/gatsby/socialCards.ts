/**
 * The social cards step: every page whose context names a card (createPages.ts: posts, case studies, webinars,
 * marketing pages) gets its PNG at /og/<path>.png. A card is drawn once per content: its file in
 * .cache/social-cards is named by a hash of what it shows and of the code and fonts that draw it, so an
 * unchanged card is linked from there, not drawn again; the rest are drawn in child processes, one of them
 * from before the queries on (onPreExtractQueries.ts), one per core after them.
 */
import { fork, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { socialImagePath, type CardInput } from "../data/socialCard";
import { workerCount } from "./pageWorkers";
import { bundleThread } from "./threadBundle";
import type { CardJob } from "./socialCardWorker";

/** Cards sent to a worker at a time: small enough to keep both cores busy to the end. */
const BATCH = 25;

export type PageCard = { path: string; card: CardInput };
export type CardsResult = { cards: number; drawn: number; reused: number };

type StorePages = Map<string, { path: string; context?: { socialCard?: CardInput | null } }>;

/** The cards createPages named in the pages' contexts (posts, case studies, webinars, marketing pages). */
export function cardPagesOf(pages: StorePages): PageCard[] {
  return [...pages.values()].flatMap((page) =>
    page.context?.socialCard ? [{ path: page.path, card: page.context.socialCard }] : [],
  );
}

/** Bundles the worker (threadBundle.ts); its text and the fonts fingerprint the drawing. */
function bundleWorker(dir: string): { file: string; fingerprint: string } {
  const { file, code } = bundleThread(
    "socialCardWorker.ts",
    path.join(dir, "social-card-worker.cjs"),
  );
  const hash = createHash("sha256").update(code);
  for (const weight of [400, 700])
    hash.update(readFileSync(path.join(__dirname, "fonts", `inter-latin-${weight}-normal.woff`)));
  return { file, fingerprint: hash.digest("hex") };
}

/**
 * Draws the batches of `queue` (shared: processes started later take from it too) in `count` processes, each
 * at the lowest priority when `idle`. Processes rather than threads: a process's priority covers the threads
 * it starts (libuv's, libvips's), a thread's would not.
 */
async function drawInProcesses(
  file: string,
  queue: CardJob[][],
  count: number,
  idle: boolean,
): Promise<void> {
  const run = (child: ChildProcess) =>
    new Promise<void>((resolve, reject) => {
      const next = () => {
        const batch = queue.shift();
        if (batch) child.send(batch);
        else resolve();
      };
      child.on("message", (message: { error?: string }) =>
        message.error ? reject(new Error(`social card process: ${message.error}`)) : next(),
      );
      child.on("error", reject);
      child.on("exit", (code, signal) =>
        reject(new Error(`social card process ended (${signal ?? `exit ${code}`}) with work left`)),
      );
      next();
    });
  const children = Array.from({ length: Math.min(count, queue.length) }, () =>
    fork(file, idle ? ["--idle"] : [], { stdio: ["ignore", "inherit", "inherit", "ipc"] }),
  );
  try {
    await Promise.all(children.map(run));
  } finally {
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? null
          : new Promise((resolve) => {
              child.once("exit", resolve);
              child.kill();
            }),
      ),
    );
  }
}

type Plan = {
  worker: { file: string; fingerprint: string };
  planned: Array<{ page: PageCard; cached: string }>;
  /** The cards not in the cache yet, in batches. */
  queue: CardJob[][];
  missing: number;
};

function plan(rootDir: string, pages: readonly PageCard[]): Plan {
  const cacheDir = path.join(rootDir, ".cache", "social-cards");
  mkdirSync(cacheDir, { recursive: true });
  const worker = bundleWorker(path.join(rootDir, ".cache", "social-card-worker"));
  const planned = pages.map((page) => {
    const key = createHash("sha256")
      .update(worker.fingerprint)
      .update(JSON.stringify([page.card.title, page.card.kicker]))
      .digest("hex");
    return { page, cached: path.join(cacheDir, `${key}.png`) };
  });
  const todo = new Map<string, CardJob>();
  for (const { page, cached } of planned)
    if (!existsSync(cached)) todo.set(cached, { file: cached, card: page.card });
  const jobs = [...todo.values()];
  const queue: CardJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) queue.push(jobs.slice(i, i + BATCH));
  return { worker, planned, queue, missing: jobs.length };
}

/**
 * Cards started before the queries (onPreExtractQueries), in one process at the lowest priority: it draws in
 * the time Gatsby leaves a core idle (webpack, the queries and the HTML all have moments on one core) and
 * yields to Gatsby's own work the rest of the time. At 5,000 posts, drawn at normal priority beside webpack and
 * the queries, the cards' 130 s of CPU slowed Gatsby's steps by more than half of that.
 */
let early: { rootDir: string; plan: Plan; running: Promise<Error | null> } | null = null;

export function startSocialCards(rootDir: string, pages: readonly PageCard[]): number {
  const started = plan(rootDir, pages);
  early = {
    rootDir,
    plan: started,
    running: drawInProcesses(started.worker.file, started.queue, 1, true).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    ),
  };
  return started.missing;
}

export async function writeSocialCards(
  rootDir: string,
  publicDir: string,
  pages: readonly PageCard[],
  workers = workerCount(),
): Promise<CardsResult> {
  let drawnEarly = 0;
  if (early?.rootDir === rootDir) {
    // The rest of the early queue on every core, then whatever the early start did not know of.
    const { plan: started, running } = early;
    early = null;
    const [failure] = await Promise.all([
      running,
      drawInProcesses(started.worker.file, started.queue, Math.max(0, workers - 1), false),
    ]);
    if (failure) throw failure;
    drawnEarly = started.missing;
  }
  const { planned, queue, missing, worker } = plan(rootDir, pages);
  if (queue.length > 0) await drawInProcesses(worker.file, queue, workers, false);
  for (const { page, cached } of planned) {
    const target = path.join(publicDir, socialImagePath(page.path).slice(1));
    // A hard link to the cached card (a copy where links are refused): a rebuild of a large site touches
    // each card's directory entry, not its bytes, and a card already linked is left as it is.
    const [from, to] = await Promise.all([fs.stat(cached), fs.stat(target).catch(() => null)]);
    if (to && to.ino === from.ino && to.dev === from.dev) continue;
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rm(target, { force: true });
    await fs.link(cached, target).catch(() => fs.copyFile(cached, target));
  }
  // Cards no page shows any more (an edited title, a removed post) leave the cache.
  const cacheDir = path.join(rootDir, ".cache", "social-cards");
  const kept = new Set(planned.map(({ cached }) => path.basename(cached)));
  for (const name of await fs.readdir(cacheDir))
    if (!kept.has(name)) await fs.rm(path.join(cacheDir, name), { force: true });
  const drawn = Math.min(planned.length, drawnEarly + missing);
  return { cards: planned.length, drawn, reused: planned.length - drawn };
}
