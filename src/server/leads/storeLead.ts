// A lead request's second step: the lead stored durably, or the replay, limit or 503 that ends it.
import { randomUUID } from "node:crypto";
import type { LeadsEnv } from "../env";
import { errorResponse } from "../http/responses";
import { replayAnswer, takeSubmissionSlot } from "./guards";
import type { LeadRecord, LeadStore } from "./leadStore";
import { storeLocation } from "./openLeadStore";
import type { ParsedLead } from "./parseLead";

/** A stored lead, leased to the request that accepted it for its first attempt. */
export type StoredLead = { store: LeadStore; record: LeadRecord; owner: string };

export type StoreOptions = {
  /** The lead store the configuration names (Postgres or the file lead store). */
  open: (env: LeadsEnv) => LeadStore;
  /** The client address the platform gave, for the abuse limits; none when called directly. */
  clientIp?: string | null | undefined;
  log: (line: string) => void;
};

/** Storage failures already explained in the log (per location and error code): said once, not per lead. */
const explainedStorageFailures = new Set<string>();

export function storageUnavailable(): Response {
  // The visitor keeps what they typed and can send it again; nothing was accepted silently.
  return errorResponse(
    503,
    "storage_unavailable",
    "We could not save your details just now. Please try again in a minute.",
    undefined,
    { headers: { "retry-after": "60" } },
  );
}

/**
 * Replays the answer of a key already used, counts the submission against the client's limits, then
 * adds the lead (once per key), leased to this request. A store that cannot be reached or written
 * answers 503, the reason logged once per location and error.
 */
export async function storeLead(
  lead: ParsedLead,
  env: LeadsEnv,
  { open, clientIp, log }: StoreOptions,
): Promise<StoredLead | Response> {
  const { endpoint, key, fingerprint, payload, context } = lead;
  const owner = `accept:${randomUUID()}`;
  try {
    const store = open(env);
    if (key !== null) {
      const replay = await replayAnswer(store, key, fingerprint);
      if (replay) return replay;
    }
    const limited = await takeSubmissionSlot(store, env, endpoint, clientIp, payload.email);
    if (limited) return limited;
    const newLead = { endpoint, payload, context, lease: { owner, ms: env.delivery.leaseMs } };
    if (key === null) return { store, record: await store.add(newLead), owner };
    const added = await store.addOnce(newLead, key, fingerprint);
    // A twin request won the race for this key between our look and our insert.
    if (added.kind !== "created")
      return (await replayAnswer(store, key, fingerprint)) ?? storageUnavailable();
    return { store, record: added.record, owner };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown";
    const where = storeLocation(env);
    const seen = `${where}\0${code}`;
    if (!explainedStorageFailures.has(seen)) {
      explainedStorageFailures.add(seen);
      log(
        `lead store ${where} is not writable (${code}: ${(error as Error).message}); every lead is ` +
          "refused with 503 until DATABASE_URL names a reachable database or LEADS_STORE_DIR a writable, durable folder",
      );
    } else {
      log(`lead ${endpoint}: refused with 503, the lead store is still not writable (${code})`);
    }
    return storageUnavailable();
  }
}
