// The schedule trigger's fence: one record per due time, leased like a lead, in the store the leads use.
/** pending: the hook is still to be called (again, after a failure); sent: it answered 2xx; failed: given up. */
export type TriggerStatus = "pending" | "sent" | "failed";

export type BuildTrigger = {
  /** The due time it answers (ISO): one record, so one hook call, per due time. */
  dueAt: string;
  status: TriggerStatus;
  attempts: number;
  /** When a pending trigger may be tried (again). */
  nextAttemptAt: string;
  lastError?: string;
  sentAt?: string;
  leaseOwner?: string;
  leaseUntil?: string;
};

export type TriggerStore = {
  readonly kind: "file" | "postgres";
  /**
   * Leases the trigger of `dueAt` to `owner` for `leaseMs` when it is due (its due time and next attempt
   * not after now), pending and leased to nobody, creating it the first time; null otherwise. One
   * atomic step, so of two instances asking at once, one gets it.
   */
  claim(dueAt: string, owner: string, leaseMs: number): Promise<BuildTrigger | null>;
  /** The fence before the call: extends `owner`'s lease if it still holds the pending trigger. */
  renew(dueAt: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Writes the outcome and ends the lease; false (nothing written) when `owner` no longer holds it. */
  finish(trigger: BuildTrigger, owner: string): Promise<boolean>;
  list(): Promise<BuildTrigger[]>;
  close(): Promise<void>;
};

/** A trigger without its lease (what finish() writes). */
export function withoutLease(trigger: BuildTrigger): BuildTrigger {
  const { leaseOwner: _owner, leaseUntil: _until, ...rest } = trigger;
  return rest;
}
