// The delivery worker: leases due leads, sends them to HubSpot within the outbound limit, and schedules retries.
import { randomUUID } from "node:crypto";
import { isLeadEndpoint } from "../../leads/endpoints";
import type { LeadsEnv } from "../env";
import { afterAttempt, fieldMapFor, hubspotFormGuid } from "./routing";
import { MAX_RETRY_AFTER_MS, submitToHubspot, type SubmitResult } from "./hubspot";
import type { LeadRecord, LeadStore } from "./leadStore";

export const BACKOFF = { baseMs: 1000, factor: 2, capMs: 5 * 60_000, maxAttempts: 8 } as const;
/**
 * Answers with Retry-After (429, 503) are HubSpot scheduling us rather than judging the lead, so they
 * do not use up one of its 8 attempts; this age bounds them instead.
 */
export const MAX_PENDING_AGE_MS = 3 * 24 * 60 * 60_000;
/** Transport failures and 5xx in a row after which a pass stops: HubSpot is down, don't burn attempts. */
export const OUTAGE_STREAK = 3;
export const OUTBOUND_KEY = "hubspot:outbound";
/**
 * After an outage streak, every worker (any instance) holds for this long and then sends one probe;
 * a failed probe extends the hold and is not counted against its lead. So however long an outage
 * lasts, it costs the leads of the first streak one attempt each, and no other lead any.
 */
export const OUTAGE_HOLD_MS = 30_000;
/**
 * How long after the last sign of an outage a pass still starts with one lead as a probe: longer than a
 * hold plus the time between passes, so the pass after a hold lapses probes instead of spending an
 * attempt of the three leads due first, hold after hold.
 */
export const OUTAGE_MEMORY_MS = 5 * 60_000;
/**
 * After a 429, every worker pauses this long before sending again (the lead that got it waits for its
 * own Retry-After or backoff): HubSpot's limit is per 10 s, so a short pause lets its window move on.
 */
export const RATE_LIMIT_PAUSE_MS = 5_000;
/** Sends in flight at once in a draining pass: enough to reach the outbound limit at a slow HubSpot. */
export const SEND_LANES = 8;
const DOWN_KEY = "hubspot:down";
const BUSY_KEY = "hubspot:busy";
const PROBE_KEY = "hubspot:probe";
const OUTAGE_KEY = "hubspot:outage";

/** Full jitter: uniformly random between 0 and the capped exponential step of this attempt (1-based). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF.capMs, BACKOFF.baseMs * BACKOFF.factor ** Math.max(0, attempt - 1));
  return Math.floor(random() * step);
}

/**
 * The record after one attempt made by the worker (nobody is at the form any more, so a field error
 * is as final as any other refusal): retried later, forwarded, or `failed` with the reason.
 */
export function scheduleAfter(
  record: LeadRecord,
  result: SubmitResult,
  at: Date,
  random: () => number = Math.random,
  /** A failed probe during an outage hold: the lead only happened to be due first. */
  failedProbe = false,
): LeadRecord {
  const scheduled =
    result.kind === "deferred" &&
    (result.retryAfterMs !== undefined || result.rateLimited === true);
  let next = afterAttempt(record, result, {}, at);
  // HubSpot asked us to come back later (Retry-After, or a 429: its limit, not this lead), or this
  // was the one probe of a hold (whichever lead is due first, so the same lead could be the probe of
  // hold after hold and spend its 8 attempts on one outage): the attempt is recorded, but not counted
  // against the 8.
  if (scheduled || failedProbe) next = { ...next, attempts: record.attempts };
  if (next.status !== "pending") {
    const { nextAttemptAt: _due, ...rest } = next;
    return rest;
  }
  const submitted = Date.parse(record.submittedAt);
  const age = at.getTime() - submitted;
  if (next.attempts >= BACKOFF.maxAttempts || age >= MAX_PENDING_AGE_MS) {
    const { nextAttemptAt: _due, ...rest } = next;
    const why =
      next.attempts >= BACKOFF.maxAttempts
        ? `gave up after ${next.attempts} attempts`
        : "gave up after 3 days";
    return { ...rest, status: "failed", lastError: `${why}: ${next.lastError ?? "no reason"}` };
  }
  // Retry-After is upstream's word: bounded here too (whoever built the result), and never past the
  // lead's age limit, so the attempt there either forwards it or marks it failed (and alerts).
  const asked = result.kind === "deferred" ? (result.retryAfterMs ?? 0) : 0;
  const delay = Math.max(
    backoffDelay(Math.max(1, next.attempts), random),
    Number.isFinite(asked) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, asked)) : 0,
  );
  const deadline = Number.isFinite(submitted) ? submitted + MAX_PENDING_AGE_MS : Infinity;
  const due = Math.max(at.getTime(), Math.min(at.getTime() + delay, deadline));
  return { ...next, nextAttemptAt: new Date(due).toISOString() };
}

/** Whether an answer says HubSpot itself is unwell (as opposed to busy or refusing this lead). */
const looksDown = (result: SubmitResult) =>
  result.kind === "deferred" && !result.rateLimited && result.retryAfterMs === undefined;

export type DeliveryDeps = {
  store: LeadStore;
  env: LeadsEnv;
  fetch?: typeof fetch;
  now?: () => Date;
  random?: () => number;
  log?: (line: string) => void;
  /** Told once per lead that ends failed (logging, webhook). */
  onFailed?: (record: LeadRecord) => Promise<void>;
  /** Identifies this worker's leases; a fresh one per run by default. */
  owner?: string;
  /** Leads sent at once (each with its own slot of the outbound limit); 1 by default. */
  concurrency?: number;
  /**
   * Waiting for the outbound limit. Without it a pass stops when the window is full ("outbound
   * limit"); with it, a lead waits for the next free slot as long as that comes before `until` (ms on
   * `now`'s clock), so a drain sends at the limit instead of below it.
   */
  wait?: { until: number; sleep: (ms: number) => Promise<void>; signal?: AbortSignal };
  /** Runs the lanes together (tests on a simulated clock pass their own). */
  lanes?: (lanes: (() => Promise<void>)[]) => Promise<void>;
};

export type DeliveryReport = {
  claimed: number;
  sent: number;
  outcomes: {
    id: string;
    endpoint: string;
    /** released: handed back unsent; lost: its lease had passed to another worker, so not sent. */
    result: LeadRecord["status"] | "released" | "lost";
    reason?: string;
  }[];
  /** Why the pass ended before its batch did, if it did. */
  stopped?: "outbound limit" | "rate-limited" | "HubSpot looks down";
  /** When stopped: how long until sending makes sense again. */
  retryInMs?: number;
};

const allLanes = async (lanes: (() => Promise<void>)[]) => {
  await Promise.all(lanes.map((lane) => lane()));
};

/**
 * One worker pass: claim a batch of due leads and send them, `concurrency` at a time, each within the
 * outbound limit (waiting for a slot when `wait` allows), stopping early when HubSpot needs a rest.
 */
export async function deliverDue(deps: DeliveryDeps, batch = 20): Promise<DeliveryReport> {
  const { store, env } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const owner = deps.owner ?? `worker:${randomUUID()}`;
  const report: DeliveryReport = { claimed: 0, sent: 0, outcomes: [] };
  const stop = (why: NonNullable<DeliveryReport["stopped"]>, inMs: number) => {
    report.stopped ??= why;
    report.retryInMs ??= Math.max(0, inMs);
  };
  if (!env.hubspot.portalId) return report;
  const busy = await store.take(BUSY_KEY, [{ max: 1, ms: RATE_LIMIT_PAUSE_MS }], true);
  if (!busy.ok) {
    stop("rate-limited", busy.retryAfterMs);
    return report;
  }
  const down = await store.take(DOWN_KEY, [{ max: 1, ms: OUTAGE_HOLD_MS }], true);
  const held = !down.ok;
  if (held && !(await store.take(PROBE_KEY, [{ max: 1, ms: OUTAGE_HOLD_MS }])).ok) {
    stop("HubSpot looks down", down.retryAfterMs);
    return report;
  }
  // Inside a hold, or soon after one lapsed: the first lead sent is a probe, alone. If HubSpot is
  // still down, the pass stops there and the failure does not count against that lead; if it answers,
  // the rest of the batch goes on as usual.
  let probing =
    held || !(await store.take(OUTAGE_KEY, [{ max: 1, ms: OUTAGE_MEMORY_MS }], true)).ok;
  const markDown = async () => {
    await store.take(DOWN_KEY, [{ max: Number.MAX_SAFE_INTEGER, ms: OUTAGE_HOLD_MS }]);
    await store.take(OUTAGE_KEY, [{ max: Number.MAX_SAFE_INTEGER, ms: OUTAGE_MEMORY_MS }]);
  };
  const claimed = await store.claim(owner, held ? 1 : batch, env.delivery.leaseMs);
  report.claimed = claimed.length;
  const windows = [{ max: env.delivery.outboundPer10s, ms: 10_000 }];
  const fence = async (record: LeadRecord) => {
    // The fence: the batch's lease may have run out while the leads before this one were sent, and
    // another worker may hold this one now. Re-take it for one more send, or leave it alone.
    if (await store.renew(record, owner, env.delivery.leaseMs)) return true;
    deps.log?.(`lead ${record.id}: lease passed to another worker before sending; not sent`);
    report.outcomes.push({ id: record.id, endpoint: record.endpoint, result: "lost" });
    return false;
  };
  /** A slot of the outbound limit, waited for while `wait` allows: "stop" when the pass must end. */
  const slot = async (record: LeadRecord): Promise<"sent" | "lost" | "stop"> => {
    let taken = await store.take(OUTBOUND_KEY, windows);
    let waited = false;
    while (
      !taken.ok &&
      deps.wait &&
      !deps.wait.signal?.aborted &&
      !report.stopped &&
      now().getTime() + taken.retryAfterMs <= deps.wait.until
    ) {
      await deps.wait.sleep(taken.retryAfterMs);
      waited = true;
      if (report.stopped) break;
      taken = await store.take(OUTBOUND_KEY, windows);
    }
    if (!taken.ok || report.stopped) {
      if (!taken.ok) stop("outbound limit", taken.retryAfterMs);
      return "stop";
    }
    // A wait used part of the lease the fence gave: renew it, so it again covers a whole send.
    if (waited && !(await fence(record))) return "lost";
    return "sent";
  };
  let streak = 0;

  const attempt = async (record: LeadRecord) => {
    const release = async () => {
      await store.finish(record, owner);
      report.outcomes.push({ id: record.id, endpoint: record.endpoint, result: "released" });
    };
    if (report.stopped) return release();
    const guid = isLeadEndpoint(record.endpoint)
      ? hubspotFormGuid(record.endpoint, record.payload, env)
      : null;
    let result: SubmitResult;
    if (!guid) {
      result = { kind: "deferred", reason: `no HubSpot form is configured for ${record.endpoint}` };
    } else {
      if (!(await fence(record))) return;
      const got = await slot(record);
      if (got === "stop") return release();
      if (got === "lost") return;
      report.sent += 1;
      result = await submitToHubspot(
        env.hubspot,
        guid,
        record.payload,
        new Date(record.submittedAt),
        record.context ?? {},
        deps.fetch ?? fetch,
        isLeadEndpoint(record.endpoint) ? fieldMapFor(record.endpoint, env) : undefined,
      );
    }
    // A lead with no form to go to says nothing about HubSpot: it is not a probe's answer.
    const failedProbe = probing && guid !== null && looksDown(result);
    if (guid !== null) probing = false;
    const next = scheduleAfter(record, result, now(), random, failedProbe);
    if (!(await store.finish(next, owner))) {
      deps.log?.(`lead ${record.id}: lease lost before its outcome was written (${next.status})`);
      return;
    }
    report.outcomes.push({
      id: record.id,
      endpoint: record.endpoint,
      result: next.status,
      ...(next.lastError ? { reason: next.lastError } : {}),
    });
    if (next.status === "failed") await deps.onFailed?.(next);
    // Answers come back in any order when lanes overlap: a streak is failures with no success between.
    streak = looksDown(result) ? streak + 1 : 0;
    if (result.kind === "deferred" && result.rateLimited) {
      if (!report.stopped) {
        await store.take(BUSY_KEY, [{ max: Number.MAX_SAFE_INTEGER, ms: RATE_LIMIT_PAUSE_MS }]);
        // After the pause a single probe goes first, as after an outage: while HubSpot still
        // refuses, each pause costs one request of the outbound limit, not one per lane.
        await store.take(OUTAGE_KEY, [{ max: Number.MAX_SAFE_INTEGER, ms: OUTAGE_MEMORY_MS }]);
      }
      stop("rate-limited", RATE_LIMIT_PAUSE_MS);
    } else if (
      (streak >= OUTAGE_STREAK || failedProbe) &&
      report.stopped !== "HubSpot looks down"
    ) {
      report.stopped = "HubSpot looks down";
      report.retryInMs = OUTAGE_HOLD_MS;
      await markDown();
    }
  };

  const queue = [...claimed];
  // While probing, leads go one at a time until one has gone to HubSpot (and answered).
  while (probing && queue.length > 0) await attempt(queue.shift() as LeadRecord);
  const lane = async () => {
    for (let record = queue.shift(); record; record = queue.shift()) await attempt(record);
  };
  const width = Math.max(1, Math.min(deps.concurrency ?? 1, queue.length));
  await (deps.lanes ?? allLanes)(Array.from({ length: width }, () => lane));
  return report;
}
