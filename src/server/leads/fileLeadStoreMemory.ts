// What the file lead store keeps in one process's memory, bounded in time and in number: the
// Idempotency-Keys of the last 24 hours and the sliding-window rate counters.
import {
  IDEMPOTENCY_TTL_MS,
  slidingWait,
  type LeadRecord,
  type RateWindow,
  type TakeResult,
} from "./leadStore";

export type MemoryLimits = {
  /** Counters kept at most (the least recently used go first): a flood of new addresses cannot grow it. */
  maxCounterKeys: number;
  /** Idempotency keys kept at most (the oldest go first); each also expires after 24 h. */
  maxIdempotencyKeys: number;
};

export const DEFAULT_MEMORY_LIMITS: MemoryLimits = {
  maxCounterKeys: 100_000,
  maxIdempotencyKeys: 100_000,
};

/** How often expired entries are swept (on the first call after this long). */
const SWEEP_EVERY_MS = 60_000;

/** Where to find a key's lead again: its file is named by these two. */
export type KnownKey = Pick<LeadRecord, "id" | "submittedAt" | "fingerprint">;

/** Drops a map's first (oldest, or least recently used) entries until it fits. */
function trim<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) {
    const first = map.keys().next();
    if (first.done) return;
    map.delete(first.value);
  }
}

export function createFileLeadStoreMemory(limits: MemoryLimits = DEFAULT_MEMORY_LIMITS) {
  /** Key → its lead, oldest first; null until first read from the files. */
  let keys: Map<string, KnownKey> | null = null;
  /** Counter → its events and the longest window they were counted in, least recently used first. */
  const counters = new Map<string, { times: number[]; ms: number }>();
  let swept = Number.NEGATIVE_INFINITY;

  /** Drops what can no longer matter: keys past 24 h, counters whose events all left their window. */
  function sweep(at: number): void {
    if (at - swept < SWEEP_EVERY_MS) return;
    swept = at;
    for (const [key, entry] of keys ?? []) {
      if (at - Date.parse(entry.submittedAt) >= IDEMPOTENCY_TTL_MS) keys?.delete(key);
    }
    for (const [key, entry] of counters) {
      if (entry.times.every((time) => time <= at - entry.ms)) counters.delete(key);
    }
  }

  function remember(key: string, record: KnownKey): void {
    if (keys === null) return;
    const { id, submittedAt, fingerprint } = record;
    keys.set(key, { id, submittedAt, ...(fingerprint !== undefined ? { fingerprint } : {}) });
    trim(keys, limits.maxIdempotencyKeys);
  }

  return {
    /** Whether the keys have been read from the files yet (after a restart they have not). */
    loaded: () => keys !== null,
    /** Fills the keys from the leads on disk, keeping those of the last 24 hours. */
    load(records: readonly LeadRecord[], at: number): void {
      keys = new Map();
      for (const record of records) {
        if (record.idempotencyKey && at - Date.parse(record.submittedAt) < IDEMPOTENCY_TTL_MS)
          remember(record.idempotencyKey, record);
      }
    },
    remember,
    /** The lead a key named within the last 24 hours. */
    find(key: string, at: number): KnownKey | null {
      sweep(at);
      const found = keys?.get(key);
      return found && at - Date.parse(found.submittedAt) < IDEMPOTENCY_TTL_MS ? found : null;
    },
    /** LeadStore.take for this process. */
    take(key: string, windows: readonly RateWindow[], at: number, peek: boolean): TakeResult {
      sweep(at);
      const longest = Math.max(...windows.map((window) => window.ms));
      const times = (counters.get(key)?.times ?? []).filter((time) => time > at - longest);
      const wait = slidingWait(times, windows, at);
      if (wait === null && !peek) times.push(at);
      // Re-inserted, so the map's order stays least recently used first.
      counters.delete(key);
      if (times.length > 0) counters.set(key, { times, ms: longest });
      trim(counters, limits.maxCounterKeys);
      return wait === null ? { ok: true } : { ok: false, retryAfterMs: wait };
    },
    size: () => ({ idempotencyKeys: keys?.size ?? 0, counterKeys: counters.size }),
  };
}
