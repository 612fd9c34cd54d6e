// The delivery drain: worker passes back to back while leads are due, sending at the outbound limit, for a time
// budget; one drain at a time per lead store when it holds the drain hold (the hosts' after-response work).
import { createHmac, randomUUID } from "node:crypto";
import type { LeadsEnv } from "../env";
import { failureAlerts } from "./alerts";
import { BACKOFF, deliverDue, SEND_LANES, type DeliveryReport } from "./deliveryWorker";
import type { LeadStore } from "./leadStore";
import { openLeadStore } from "./openLeadStore";

/** The hold a drain keeps while it runs, so a burst of form posts starts one drain, not one each. */
export const DRAIN_HOLD = "leads:drain";
/** A pass that found nothing claimable although something is due (a race) waits this long before the next. */
const RECHECK_MS = 100;

export type DrainRun = {
  passes: number;
  sent: number;
  forwarded: number;
  failed: number;
  stopped?: DeliveryReport["stopped"];
  /** Another drain held the store's drain hold, so this one sent nothing. */
  skipped?: true;
  /**
   * When it ended with leads still pending: how long until the next is due (0: due now); null when none
   * is pending, or another drain has taken over.
   */
  nextInMs: number | null;
};

export type DrainOptions = {
  /** How long the drain may go on: no pass and no wait starts after it. */
  budgetMs: number;
  /**
   * Hold the store's drain hold under this owner (serverless hosts: one drain at a time); the local
   * server's own loop runs without it.
   */
  holdAs?: string;
  store?: LeadStore;
  fetch?: typeof fetch;
  now?: () => Date;
  /** How the drain waits (a slot of the outbound limit, the next due lead); the local loop's wakes early. */
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  lanes?: (lanes: (() => Promise<void>)[]) => Promise<void>;
  log?: (line: string) => void;
};

const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

/**
 * Sends due leads until none is pending or the budget is spent: while one is due it keeps sending (8 at
 * once, each waiting for its slot of the outbound limit), and while the next is only due in a while, or
 * HubSpot asked for a rest, it waits for that when the budget allows. With `holdAs`, it runs only while
 * it holds the drain hold, and after letting it go it looks once more: a lead stored meanwhile found
 * the hold taken and counted on this drain.
 */
export async function drainLeads(env: LeadsEnv, options: DrainOptions): Promise<DrainRun> {
  const store = options.store ?? openLeadStore(env);
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => realSleep(ms, options.signal));
  const log = options.log ?? ((line: string) => console.warn(line));
  const deadline = now().getTime() + options.budgetMs;
  const left = () => deadline - now().getTime();
  const alive = () => !options.signal?.aborted && left() > 0;
  const run: DrainRun = { passes: 0, sent: 0, forwarded: 0, failed: 0, nextInMs: null };
  const owner = options.holdAs;
  const onFailed = failureAlerts(store, env, options.fetch);

  if (!env.hubspot.portalId) return run;
  for (;;) {
    while (alive()) {
      // Taken, or renewed pass after pass: a drain that died frees it once its last renewal lapses.
      if (owner !== undefined && !(await store.hold(DRAIN_HOLD, owner, env.delivery.leaseMs))) {
        // Another drain holds it: what is left is that drain's to send (or to hand over).
        if (run.passes === 0) run.skipped = true;
        run.nextInMs = null;
        return run;
      }
      const report = await deliverDue({
        store,
        env,
        onFailed,
        log,
        concurrency: SEND_LANES,
        wait: { until: deadline, sleep, ...(options.signal ? { signal: options.signal } : {}) },
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.now ? { now: options.now } : {}),
        ...(options.lanes ? { lanes: options.lanes } : {}),
      });
      run.passes += 1;
      run.sent += report.sent;
      run.forwarded += report.outcomes.filter((item) => item.result === "forwarded").length;
      run.failed += report.outcomes.filter((item) => item.result === "failed").length;
      if (report.stopped) run.stopped = report.stopped;
      if (report.claimed > 0 && !report.stopped) continue;
      const wait = report.stopped ? (report.retryInMs ?? RECHECK_MS) : await store.nextDueIn();
      run.nextInMs = wait;
      if (wait === null || wait >= left()) break;
      await sleep(Math.max(wait, wait === 0 ? RECHECK_MS : 0));
    }
    if (owner === undefined) break;
    await store.release(DRAIN_HOLD, owner);
    run.nextInMs = await store.nextDueIn();
    if (!(alive() && run.nextInMs === 0)) break;
  }
  return run;
}

/**
 * Whether the drain should hand over to a fresh one: it ended with a lead due within another budget, or
 * within a retry's longest backoff (5 minutes: a HubSpot outage outlasting a budget is retried on
 * through it). A lead parked longer (HubSpot's Retry-After) is the scheduler's, or the next form post's.
 */
export const handOverNeeded = (run: DrainRun, budgetMs: number): boolean =>
  !run.skipped && run.nextInMs !== null && run.nextInMs < Math.max(budgetMs, BACKOFF.capMs);

/**
 * The bearer token that starts a drain from outside (Netlify's background function, Vercel's POST to
 * /api/leads-worker): derived from a secret only the functions hold (CRON_SECRET, else DATABASE_URL),
 * so it needs no setting of its own; null when neither is set.
 */
export function drainToken(env: LeadsEnv): string | null {
  const key = env.delivery.cronSecret ?? env.databaseUrl;
  return key ? createHmac("sha256", key).update("leads-drain").digest("base64url") : null;
}

/** A fresh owner name for a drain hold. */
export const drainOwner = (): string => `drain:${randomUUID()}`;
