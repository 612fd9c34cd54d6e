// The delivery drain on each host: the local server's loop (woken by each lead it could not send), Vercel's cron and
// waitUntil, Netlify's scheduled and background functions, each handing over to a fresh drain when its time is up.
import { createHash, timingSafeEqual } from "node:crypto";
import { readLeadsEnv, type LeadsEnv } from "../env";
import { errorResponse, json, type Handler } from "../http/responses";
import {
  drainLeads,
  drainOwner,
  drainToken,
  DRAIN_HOLD,
  handOverNeeded,
  type DrainRun,
} from "./drain";
import { openLeadStore } from "./openLeadStore";

/** Netlify stops a scheduled function after 30 s: its drain stays well inside. */
export const SCHEDULED_BUDGET_MS = 25_000;
/**
 * Vercel: vercel.json gives the lead functions and the worker a maxDuration of 300 s (the most a Hobby
 * plan allows with fluid compute); the drain stops starting sends 30 s before it, room for the request
 * itself and a last send up to HUBSPOT_TIMEOUT_MS.
 */
export const VERCEL_BUDGET_MS = 270_000;
/** Netlify runs a background function for up to 15 minutes. */
export const BACKGROUND_BUDGET_MS = 14 * 60_000;
/** Netlify's background function that drains the lead store (its default path). */
export const NETLIFY_DRAIN_PATH = "/.netlify/functions/leads-drain-background";
/** Vercel's worker, called by its cron (GET) and by a drain handing over (POST). */
export const VERCEL_WORKER_PATH = "/api/leads-worker";

const ownerPattern = /^drain:[0-9a-f-]{36}$/;

/**
 * Whether two secrets are equal, in time that does not depend on where they differ: both are hashed
 * first, so the comparison always runs over 32 bytes whatever their lengths.
 */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether a request carries the drain token (a forged or missing one never starts a drain). */
function carriesDrainToken(request: Request, env: LeadsEnv): boolean {
  const token = drainToken(env);
  return (
    token !== null && sameSecret(request.headers.get("authorization") ?? "", `Bearer ${token}`)
  );
}

/** Starts a drain elsewhere with a POST carrying the drain token; false when it was not started. */
async function requestDrain(url: string, env: LeadsEnv, owner?: string): Promise<boolean> {
  const token = drainToken(env);
  if (!token) return false;
  try {
    const answer = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(owner ? { owner } : {}),
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await answer.body?.cancel();
    if (answer.ok) return true;
    console.warn(
      `leads drain: ${url} answered ${answer.status}; the scheduled worker will deliver`,
    );
  } catch (error) {
    console.warn(`leads drain: ${url} unreachable (${(error as Error).message})`);
  }
  return false;
}

const summary = (run: DrainRun) =>
  `leads drain: ${run.sent} sent, ${run.forwarded} forwarded, ${run.failed} failed` +
  `${run.stopped ? ` (${run.stopped})` : ""}${run.skipped ? " (another drain is running)" : ""}`;

/** Runs the delivery worker once for a scheduler: a drain within `budgetMs`, one at a time per store. */
export async function runDeliveryWorker(
  env: LeadsEnv = readLeadsEnv(),
  budgetMs = SCHEDULED_BUDGET_MS,
): Promise<DrainRun> {
  return drainLeads(env, { budgetMs, holdAs: drainOwner() });
}

// ---- Vercel ----------------------------------------------------------------------------------

/** What Vercel hands a function as its second argument (a Web handler's context). */
export type VercelContext = { waitUntil?: (work: Promise<unknown>) => void };

/** A drain inside Vercel's waitUntil; at the end of its budget it hands over to a fresh invocation. */
export async function vercelDrain(origin: string, env: LeadsEnv = readLeadsEnv()): Promise<void> {
  const run = await drainLeads(env, { budgetMs: VERCEL_BUDGET_MS, holdAs: drainOwner() });
  if (run.sent > 0 || run.stopped) console.log(summary(run));
  if (handOverNeeded(run, VERCEL_BUDGET_MS))
    await requestDrain(new URL(VERCEL_WORKER_PATH, origin).href, env);
}

/**
 * /api/leads-worker on Vercel. GET is the cron (`Authorization: Bearer $CRON_SECRET`; without
 * CRON_SECRET it refuses to run, so nobody else can make the site send on their schedule): a drain
 * within the function's time. POST (the drain token) starts a drain after answering 202: how a drain
 * whose time is up hands over.
 */
export function leadsWorkerHandler(context?: VercelContext): Handler {
  return async (request) => {
    let env: LeadsEnv;
    try {
      env = readLeadsEnv();
    } catch {
      return errorResponse(503, "not_configured", "The lead worker is not configured.");
    }
    const origin = new URL(request.url).origin;
    if (request.method === "POST") {
      if (!carriesDrainToken(request, env))
        return errorResponse(401, "unauthorized", "Only the site's own drain may start one.");
      const work = vercelDrain(origin, env);
      if (!context?.waitUntil) await work;
      else context.waitUntil(work);
      return json({ started: true }, { status: 202, headers: { "cache-control": "no-store" } });
    }
    if (!env.delivery.cronSecret) {
      return errorResponse(
        503,
        "not_configured",
        "Set CRON_SECRET to let the scheduler run the lead worker.",
      );
    }
    const given = request.headers.get("authorization") ?? "";
    if (!sameSecret(given, `Bearer ${env.delivery.cronSecret}`)) {
      return errorResponse(401, "unauthorized", "Only the scheduler may run the lead worker.");
    }
    const run = await drainLeads(env, { budgetMs: VERCEL_BUDGET_MS, holdAs: drainOwner() });
    if (handOverNeeded(run, VERCEL_BUDGET_MS))
      await requestDrain(new URL(VERCEL_WORKER_PATH, origin).href, env);
    return json(run, { headers: { "cache-control": "no-store" } });
  };
}

/** A lead function on Vercel: a lead it could not send starts a drain in the request's waitUntil. */
export function vercelDeliverLater(request: Request, context?: VercelContext): () => void {
  return () => {
    if (!context?.waitUntil) return;
    context.waitUntil(
      vercelDrain(new URL(request.url).origin).catch((error: unknown) =>
        console.error("leads drain failed:", error),
      ),
    );
  };
}

// ---- Netlify ---------------------------------------------------------------------------------

/**
 * Starts Netlify's background drain unless a drain is running: the hold is taken here, then handed to
 * the background function, so a burst of form posts invokes it once. If it cannot be invoked the hold
 * is let go at once, and the scheduled function delivers.
 */
export async function startBackgroundDrain(
  origin: string,
  env: LeadsEnv = readLeadsEnv(),
): Promise<boolean> {
  if (!env.hubspot.portalId || !drainToken(env)) return false;
  const store = openLeadStore(env);
  const owner = drainOwner();
  if (!(await store.hold(DRAIN_HOLD, owner, env.delivery.leaseMs))) return false;
  if (await requestDrain(new URL(NETLIFY_DRAIN_PATH, origin).href, env, owner)) return true;
  await store.release(DRAIN_HOLD, owner);
  return false;
}

/** A lead function on Netlify: a lead it could not send starts the background drain after the answer. */
export function netlifyDeliverLater(
  request: Request,
  waitUntil?: (work: Promise<unknown>) => void,
): () => void {
  return () => {
    const work = startBackgroundDrain(new URL(request.url).origin).catch((error: unknown) =>
      console.error("leads drain failed to start:", error),
    );
    waitUntil?.(work);
  };
}

/**
 * Netlify's background function (functions/leads-drain-background.ts): with the drain token, a drain of
 * up to 14 minutes under the hold its caller took, then a fresh one if leads are still due.
 */
export async function netlifyBackgroundDrain(request: Request): Promise<DrainRun | null> {
  const env = readLeadsEnv();
  if (request.method !== "POST" || !carriesDrainToken(request, env)) {
    console.warn("leads drain: refused a call without the drain token");
    return null;
  }
  const body = (await request.json().catch(() => ({}))) as { owner?: unknown };
  const owner =
    typeof body.owner === "string" && ownerPattern.test(body.owner) ? body.owner : drainOwner();
  const run = await drainLeads(env, { budgetMs: BACKGROUND_BUDGET_MS, holdAs: owner });
  console.log(summary(run));
  if (handOverNeeded(run, BACKGROUND_BUDGET_MS))
    await startBackgroundDrain(new URL(request.url).origin, env);
  return run;
}

/**
 * Netlify's scheduled function: a short drain every minute, handing the rest to the background drain at
 * the site's address as Netlify gives it (none given: the next minute's run goes on instead).
 */
export async function netlifyScheduledDrain(siteUrl: string | undefined): Promise<DrainRun> {
  const env = readLeadsEnv();
  const run = await runDeliveryWorker(env);
  console.log(summary(run));
  const origin = siteUrl ?? env.delivery.netlifySiteUrl;
  if (origin && handOverNeeded(run, BACKGROUND_BUDGET_MS)) await startBackgroundDrain(origin, env);
  return run;
}

// ---- the local server ------------------------------------------------------------------------

export type WorkerLoop = {
  /** A lead was left for the worker: look now rather than at the next interval. */
  wake(): void;
  /** Stops the loop; resolves once the pass under way has finished. */
  stop(): Promise<void>;
};

/**
 * The local server's worker: one drain after another, without a budget, sending while leads are due
 * and sleeping until the next is due, or a lead is left for it (wake), or LEADS_WORKER_INTERVAL_MS
 * has passed (a lead another process stored). Started once at start-up, so a restart delivers what
 * the previous process left.
 */
export function startWorkerLoop(env: LeadsEnv, log: (line: string) => void): WorkerLoop {
  const controller = new AbortController();
  const interval = env.delivery.workerIntervalMs;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || controller.signal.aborted) {
        woken = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        controller.signal.removeEventListener("abort", done);
        wakeUp = null;
        woken = false;
        resolve();
      };
      const timer = setTimeout(done, Math.min(ms, interval));
      wakeUp = done;
      controller.signal.addEventListener("abort", done, { once: true });
    });
  const loop = (async () => {
    while (!controller.signal.aborted) {
      try {
        const run = await drainLeads(env, {
          budgetMs: Number.POSITIVE_INFINITY,
          sleep: idle,
          signal: controller.signal,
          log,
        });
        if (run.sent > 0) log(summary(run).replace("leads drain", "leads worker"));
      } catch (error) {
        log(`leads worker: ${(error as Error).message}`);
      }
      await idle(interval);
    }
  })();
  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      controller.abort();
      await loop;
    },
  };
}
