// The one lead-store contract: the file lead store (local default) and PostgreSQL (DATABASE_URL) both implement it.
import { createHash, randomUUID } from "node:crypto";

/**
 * pending: not yet accepted by HubSpot, the delivery worker resends it when due;
 * forwarded: HubSpot took it; rejected: the visitor was asked to correct a field and may send
 * again; failed: HubSpot refuses it for a reason the visitor cannot fix, or it ran out of attempts
 * (see lastError), kept for a person to follow up; spam: never forwarded.
 */
export type LeadStatus = "pending" | "forwarded" | "rejected" | "failed" | "spam";

/** The answer a visitor got, kept so a replay of the same Idempotency-Key gets it again. */
export type StoredAnswer = { status: number; body: unknown };

export type LeadRecord = {
  id: string;
  /** The endpoint that took it, e.g. /api/hubspot/. */
  endpoint: string;
  /** ISO time the function accepted it; every resend carries this same time to HubSpot. */
  submittedAt: string;
  payload: Record<string, unknown>;
  status: LeadStatus;
  attempts: number;
  /** Why the last attempt did not forward it (upstream status and error types). */
  lastError?: string;
  lastAttemptAt?: string;
  forwardedAt?: string;
  /** The page and HubSpot cookie of the visit, so a resend carries the same context. */
  context?: { pageUri?: string; hutk?: string };
  /** When a pending lead is next due; absent means due now. */
  nextAttemptAt?: string;
  /** Who may send it until leaseUntil (a worker, or the request that accepted it). */
  leaseOwner?: string;
  leaseUntil?: string;
  idempotencyKey?: string;
  /** Hash of endpoint + body: the same key with another body is refused. */
  fingerprint?: string;
  answer?: StoredAnswer;
  /** Set once the failure has been logged and posted to the alert webhook. */
  alertedAt?: string;
};

export type NewLead = {
  endpoint: string;
  payload: Record<string, unknown>;
  status?: LeadStatus;
  context?: LeadRecord["context"];
  /** Held by the accepting request for its immediate attempt, so no worker sends it meanwhile. */
  lease?: { owner: string; ms: number };
};

export type AddResult =
  | { kind: "created"; record: LeadRecord }
  /** The key was used within 24 h with the same body: nothing new was stored. */
  | { kind: "replay"; record: LeadRecord }
  /** The key was used within 24 h with another body. */
  | { kind: "conflict" };

export type RateWindow = { max: number; ms: number };
export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number };

export type LeadStore = {
  readonly kind: "file" | "postgres";
  /** Stores a new lead durably (committed / fsync'd) and returns it. */
  add(lead: NewLead): Promise<LeadRecord>;
  /** add() under an Idempotency-Key: a replay or a conflict stores nothing. */
  addOnce(lead: NewLead, key: string, fingerprint: string): Promise<AddResult>;
  /** The lead an Idempotency-Key created within the last 24 h, with its body's fingerprint. */
  findKey(key: string): Promise<{ fingerprint: string; record: LeadRecord } | null>;
  /** Rewrites a record (status, attempts, answer...). */
  update(record: LeadRecord): Promise<void>;
  get(id: string): Promise<LeadRecord | null>;
  /** Every lead, oldest first. */
  list(): Promise<LeadRecord[]>;
  /**
   * Leases up to `limit` pending leads that are due and not leased to anyone, oldest due first.
   * Until the lease ends no other claim returns them, in this process or any other.
   */
  claim(owner: string, limit: number, leaseMs: number): Promise<LeadRecord[]>;
  /**
   * The fence before each send: extends the lease of a lead `owner` still holds (pending and leased
   * to it) to `leaseMs` from now, in one atomic step, and says true. False when the lease has passed
   * to another worker or the lead is no longer pending: then it must not be sent.
   */
  renew(
    record: Pick<LeadRecord, "id" | "submittedAt">,
    owner: string,
    leaseMs: number,
  ): Promise<boolean>;
  /** Writes a claimed lead back and ends the lease; false (nothing written) if `owner` lost it. */
  finish(record: LeadRecord, owner: string): Promise<boolean>;
  /**
   * Sliding-window counter: records one event under `key` when every window has room, else says
   * how long until one has. Shared by every instance when the store is. `peek` only looks.
   */
  take(key: string, windows: readonly RateWindow[], peek?: boolean): Promise<TakeResult>;
  /**
   * How long until the earliest pending lead can be claimed (0: one is due and free now); null when
   * no lead is pending. Lets a worker sleep exactly until the next due lead instead of polling.
   */
  nextDueIn(): Promise<number | null>;
  /**
   * A named hold (one delivery drain at a time): true when `owner` holds `name` for `ms` from now,
   * because it was free, had lapsed, or was already `owner`'s (then it is extended).
   */
  hold(name: string, owner: string, ms: number): Promise<boolean>;
  /** Ends `owner`'s hold on `name`; nothing happens when someone else holds it. */
  release(name: string, owner: string): Promise<void>;
  close(): Promise<void>;
};

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Stable JSON (sorted keys), so the same body in another key order has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function bodyFingerprint(endpoint: string, body: unknown): string {
  return createHash("sha256").update(endpoint).update("\n").update(canonical(body)).digest("hex");
}

/** The due time of a pending lead in ms (absent nextAttemptAt: due since it was submitted). */
export const dueAt = (record: LeadRecord): number =>
  Date.parse(record.nextAttemptAt ?? record.submittedAt);

export const isLeased = (record: LeadRecord, now: number): boolean =>
  record.leaseUntil !== undefined && Date.parse(record.leaseUntil) > now;

/** When a pending lead can next be claimed: its due time, or the end of its lease if that is later. */
export const claimableAt = (record: LeadRecord): number =>
  Math.max(dueAt(record), record.leaseUntil ? Date.parse(record.leaseUntil) : -Infinity);

/** A record without its lease fields (what finish() writes). */
export function withoutLease(record: LeadRecord): LeadRecord {
  const { leaseOwner: _owner, leaseUntil: _until, ...rest } = record;
  return rest;
}

/**
 * Sliding-window check over the times already recorded (ms, any order): null when every window has
 * room, else how long until the oldest event that fills a window leaves it.
 */
export function slidingWait(
  times: readonly number[],
  windows: readonly RateWindow[],
  now: number,
): number | null {
  let wait = 0;
  for (const window of windows) {
    const inside = times.filter((time) => time > now - window.ms).sort((a, b) => a - b);
    if (inside.length >= window.max) {
      const freeing = inside[inside.length - window.max] ?? now;
      wait = Math.max(wait, freeing + window.ms - now);
    }
  }
  return wait > 0 ? wait : null;
}

/** A new lead as both stores write it: submitted at `at`, pending unless told otherwise, leased when asked. */
export function newLeadRecord(
  lead: NewLead,
  at: Date,
  extra: Partial<LeadRecord> = {},
): LeadRecord {
  return {
    id: randomUUID(),
    endpoint: lead.endpoint,
    submittedAt: at.toISOString(),
    payload: lead.payload,
    status: lead.status ?? "pending",
    attempts: 0,
    ...(lead.context && Object.keys(lead.context).length > 0 ? { context: lead.context } : {}),
    ...(lead.lease
      ? {
          leaseOwner: lead.lease.owner,
          leaseUntil: new Date(at.getTime() + lead.lease.ms).toISOString(),
        }
      : {}),
    ...extra,
  };
}
