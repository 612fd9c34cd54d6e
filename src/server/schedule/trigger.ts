// The schedule trigger's pass: when the build's next due time has come, call the build hook once for it,
// fenced in the trigger store; a failed call is retried with backoff, then given up and alerted.
import { randomUUID } from "node:crypto";
import type { ScheduleFile } from "../../data/schedule";
import { describeFailure, fetchUpstream } from "../integrations/upstream";
import { withoutLease, type BuildTrigger, type TriggerStore } from "./triggerStore";

/** A scheduled function runs every minute, so retries wait minutes: 1, 2, 4, 8, 16, then it gives up. */
export const HOOK_BACKOFF = {
  baseMs: 60_000,
  factor: 2,
  capMs: 30 * 60_000,
  maxAttempts: 6,
} as const;

export type TriggerDeps = {
  store: TriggerStore;
  /** BUILD_HOOK_URL; null: nothing is called. */
  hookUrl: string | null;
  timeoutMs: number;
  /** Longer than the hook's timeout plus the write after it, so the fence holds through the call. */
  leaseMs: number;
  /** The build's schedule.json; null when it cannot be read (then nothing happens this time). */
  readSchedule: () => Promise<ScheduleFile | null>;
  fetch?: typeof fetch;
  now?: () => Date;
  log?: (line: string) => void;
  /** Told once, when a due time's trigger is given up. */
  onFailed?: (trigger: BuildTrigger) => Promise<void>;
  owner?: string;
};

export type TriggerOutcome = {
  /**
   * idle: nothing scheduled; waiting: not due yet, or already done or held by another instance;
   * sent / retrying / failed: this pass called the hook; lost: the lease passed on before the call.
   */
  result:
    "not configured" | "no schedule" | "idle" | "waiting" | "sent" | "retrying" | "failed" | "lost";
  dueAt?: string;
  reason?: string;
};

/** The trigger after one call of the hook. */
export function afterCall(trigger: BuildTrigger, failure: string | null, at: Date): BuildTrigger {
  const attempts = trigger.attempts + 1;
  const base = withoutLease(trigger);
  if (failure === null) return { ...base, status: "sent", attempts, sentAt: at.toISOString() };
  if (attempts >= HOOK_BACKOFF.maxAttempts)
    return {
      ...base,
      status: "failed",
      attempts,
      lastError: `gave up after ${attempts} attempts: ${failure}`,
    };
  const delay = Math.min(
    HOOK_BACKOFF.capMs,
    HOOK_BACKOFF.baseMs * HOOK_BACKOFF.factor ** (attempts - 1),
  );
  return {
    ...base,
    status: "pending",
    attempts,
    lastError: failure,
    nextAttemptAt: new Date(at.getTime() + delay).toISOString(),
  };
}

export async function runScheduleTrigger(deps: TriggerDeps): Promise<TriggerOutcome> {
  if (!deps.hookUrl) return { result: "not configured" };
  const schedule = await deps.readSchedule();
  if (!schedule) return { result: "no schedule" };
  const dueAt = schedule.nextBuildAt;
  if (!dueAt) return { result: "idle" };
  const owner = deps.owner ?? `trigger:${randomUUID()}`;
  const now = deps.now ?? (() => new Date());
  const claimed = await deps.store.claim(dueAt, owner, deps.leaseMs);
  if (!claimed) return { result: "waiting", dueAt };
  // The fence right before the call: a lease that ran out meanwhile may belong to another instance now.
  if (!(await deps.store.renew(dueAt, owner, deps.leaseMs))) {
    deps.log?.(`build trigger ${dueAt}: lease passed to another instance; not called`);
    return { result: "lost", dueAt };
  }
  const outcome = await fetchUpstream(deps.hookUrl, {
    service: "build hook",
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
    timeoutMs: deps.timeoutMs,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    maxBytes: 4096,
    read: async (response) => {
      await response.body?.cancel().catch(() => undefined);
    },
  });
  const failure =
    outcome.kind !== "answer"
      ? describeFailure(outcome)
      : outcome.response.ok
        ? null
        : `build hook answered ${outcome.response.status}`;
  const next = afterCall(claimed, failure, now());
  if (!(await deps.store.finish(next, owner))) {
    deps.log?.(
      `build trigger ${dueAt}: lease lost before its outcome was written (${next.status})`,
    );
    return { result: "lost", dueAt };
  }
  if (next.status === "failed") await deps.onFailed?.(next);
  const result = next.status === "sent" ? "sent" : next.status === "failed" ? "failed" : "retrying";
  return { result, dueAt, ...(next.lastError ? { reason: next.lastError } : {}) };
}
