// Runs the delivery worker by hand (`npm run leads -- --retry`) and re-queues failed leads (`--replay`).
import type { LeadsEnv } from "../env";
import { failureAlerts } from "./alerts";
import { deliverDue } from "./deliveryWorker";
import type { LeadRecord, LeadStatus, LeadStore } from "./leadStore";

export type RetryOutcome = {
  id: string;
  endpoint: string;
  email: string;
  /** The status after this run; `skipped` means the record was left as it was. */
  result: LeadStatus | "skipped";
  reason?: string;
};

export type RetryReport =
  | { configured: false; pending: number }
  | { configured: true; pending: number; outcomes: RetryOutcome[]; stoppedEarly: boolean };

type RetryOptions = {
  env: LeadsEnv;
  store: LeadStore;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Passes of the worker at most (each takes a batch of due leads). */
  passes?: number;
};

const emailOf = (record: LeadRecord) =>
  typeof record.payload.email === "string" ? record.payload.email : "";

/**
 * Delivers every due pending lead, pass after pass, exactly as the scheduled worker does (leases,
 * backoff, outbound limit). Without a portal id nothing is sent and nothing changes. A 429, the
 * outbound limit or an outage ends the run early; the rest stay pending for the next run.
 */
export async function retryPending({
  env,
  store,
  fetch: fetchImpl = fetch,
  now,
  passes = 50,
}: RetryOptions): Promise<RetryReport> {
  const before = await store.list();
  const pending = before.filter((record) => record.status === "pending").length;
  if (!env.hubspot.portalId) return { configured: false, pending };
  const byId = new Map(before.map((record) => [record.id, record]));
  const outcomes = new Map<string, RetryOutcome>();
  let stoppedEarly = false;
  for (let pass = 0; pass < passes; pass += 1) {
    const report = await deliverDue({
      store,
      env,
      fetch: fetchImpl,
      ...(now ? { now } : {}),
      onFailed: failureAlerts(store, env, fetchImpl),
    });
    for (const outcome of report.outcomes) {
      const record = byId.get(outcome.id);
      outcomes.set(outcome.id, {
        id: outcome.id,
        endpoint: outcome.endpoint,
        email: record ? emailOf(record) : "",
        result:
          outcome.result === "released" || outcome.result === "lost" ? "skipped" : outcome.result,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
      });
    }
    if (report.stopped) {
      stoppedEarly = true;
      break;
    }
    if (report.claimed === 0) break;
  }
  return { configured: true, pending, outcomes: [...outcomes.values()], stoppedEarly };
}

/** Puts failed leads back in the queue with fresh attempts (`--replay ID` or `--all-failed`). */
export async function replayFailed(
  store: LeadStore,
  which: { id: string } | "all-failed",
  at: Date = new Date(),
): Promise<LeadRecord[]> {
  const chosen = (await store.list()).filter((record) =>
    which === "all-failed" ? record.status === "failed" : record.id === which.id,
  );
  const requeued: LeadRecord[] = [];
  for (const record of chosen) {
    if (record.status !== "failed" && record.status !== "rejected") continue;
    const { alertedAt: _alerted, ...rest } = record;
    const next: LeadRecord = {
      ...rest,
      status: "pending",
      attempts: 0,
      nextAttemptAt: at.toISOString(),
    };
    await store.update(next);
    requeued.push(next);
  }
  return requeued;
}
