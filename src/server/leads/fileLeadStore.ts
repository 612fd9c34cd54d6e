// The file lead store (the local default): one fsync'd JSON file per lead, written before the visitor hears "thanks".
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import {
  createFileLeadStoreMemory,
  DEFAULT_MEMORY_LIMITS,
  type MemoryLimits,
} from "./fileLeadStoreMemory";
import {
  claimableAt,
  dueAt,
  isLeased,
  withoutLease,
  type AddResult,
  type LeadRecord,
  type LeadStore,
  newLeadRecord,
  type NewLead,
} from "./leadStore";

/** The file store, plus a look at what it holds in memory (tests hold it bounded). */
export type FileLeadStore = LeadStore & {
  memory(): { idempotencyKeys: number; counterKeys: number };
};

/** fsync a directory so a rename inside it survives a crash (a no-op where the OS refuses). */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, "r");
    await handle.sync();
  } catch {
    // Some platforms cannot open or sync directories; the file itself is already synced.
  } finally {
    await handle?.close();
  }
}

export async function writeDurably(dir: string, name: string, content: string): Promise<void> {
  const target = path.join(dir, name);
  const temporary = path.join(dir, `.${name}.${process.pid}.${randomUUID()}.tmp`);
  const handle = await fs.open(temporary, "w", 0o600);
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, target);
  await syncDirectory(dir);
}

const fileName = (record: Pick<LeadRecord, "id" | "submittedAt">) =>
  `${record.submittedAt.replace(/[:.]/g, "-")}_${record.id}.json`;

/** A claim's critical section may not outlive this, so a process killed inside it blocks nobody for long. */
const LOCK_STALE_MS = 10_000;

/**
 * A file-backed store for one machine. Claims are safe across its processes (the server's timer and
 * `npm run leads -- --retry`): a short O_EXCL lock file guards each read-check-write of a lease, and
 * every lease is measured against this machine's clock, read at the moment it is written or checked
 * (one clock for every process; several machines need PostgreSQL). Idempotency keys and rate counters
 * live in this process's memory, bounded in time (keys 24 h, counters their longest window) and in
 * number, which is enough for the one local server that accepts leads; Postgres shares them between
 * instances.
 */
export function createFileLeadStore(
  dir: string,
  now: () => Date = () => new Date(),
  limits: MemoryLimits = DEFAULT_MEMORY_LIMITS,
): FileLeadStore {
  let ready: Promise<void> | null = null;
  const ensureDir = () => {
    ready ??= fs.mkdir(dir, { recursive: true, mode: 0o700 }).then(
      () => undefined,
      (error: unknown) => {
        // Not remembered: the next lead tries again (a mounted volume may have come back).
        ready = null;
        throw error;
      },
    );
    return ready;
  };
  const write = (record: LeadRecord) =>
    writeDurably(dir, fileName(record), `${JSON.stringify(record, null, 2)}\n`);

  async function list(): Promise<LeadRecord[]> {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const records: LeadRecord[] = [];
    for (const name of names
      .filter((item) => item.endsWith(".json") && !item.startsWith("."))
      .sort()) {
      try {
        records.push(JSON.parse(await fs.readFile(path.join(dir, name), "utf8")) as LeadRecord);
      } catch {
        // A file someone edited by hand into invalid JSON (or removed meanwhile) is skipped.
      }
    }
    return records;
  }

  async function read(record: Pick<LeadRecord, "id" | "submittedAt">): Promise<LeadRecord | null> {
    try {
      return JSON.parse(await fs.readFile(path.join(dir, fileName(record)), "utf8")) as LeadRecord;
    } catch {
      return null;
    }
  }

  /** Runs `work` holding the lead's lock file; null when another process holds a fresh one. */
  async function locked<T>(id: string, work: () => Promise<T>): Promise<T | null> {
    const lock = path.join(dir, `.lock-${id}`);
    for (let tries = 0; tries < 2; tries += 1) {
      try {
        const handle = await fs.open(lock, "wx", 0o600);
        await handle.close();
        try {
          return await work();
        } finally {
          await fs.rm(lock, { force: true });
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const stat = await fs.stat(lock).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs < LOCK_STALE_MS) return null;
        await fs.rm(lock, { force: true });
      }
    }
    return null;
  }

  // Idempotency keys (rebuilt from the files after a restart) and rate counters of this process.
  const memory = createFileLeadStoreMemory(limits);
  /** Holds of this process (one machine, like the counters): name → owner and until when. */
  const holds = new Map<string, { owner: string; until: number }>();
  let adding: Promise<unknown> = Promise.resolve();

  async function create(lead: NewLead, extra: Partial<LeadRecord> = {}): Promise<LeadRecord> {
    await ensureDir();
    const at = now();
    const record = newLeadRecord(lead, at, extra);
    await write(record);
    return record;
  }

  async function known(key: string): Promise<LeadRecord | null> {
    const at = now().getTime();
    if (!memory.loaded()) memory.load(await list(), at);
    const found = memory.find(key, at);
    return found ? read(found) : null;
  }

  return {
    kind: "file",
    add: (lead) => create(lead),
    async findKey(key) {
      const found = await known(key);
      return found ? { fingerprint: found.fingerprint ?? "", record: found } : null;
    },
    addOnce(lead, key, fingerprint) {
      // One at a time, so a double click's two requests cannot both miss the key.
      const run = adding.then(async (): Promise<AddResult> => {
        const found = await known(key);
        if (found) {
          return found.fingerprint === fingerprint
            ? { kind: "replay", record: found }
            : { kind: "conflict" };
        }
        const record = await create(lead, { idempotencyKey: key, fingerprint });
        memory.remember(key, record);
        return { kind: "created", record };
      });
      adding = run.catch(() => undefined);
      return run;
    },
    async update(record) {
      await ensureDir();
      await write(record);
    },
    async get(id) {
      return (await list()).find((record) => record.id === id) ?? null;
    },
    list,
    async claim(owner, limit, leaseMs) {
      const scanned = now().getTime();
      const due = (await list())
        .filter(
          (record) =>
            record.status === "pending" && dueAt(record) <= scanned && !isLeased(record, scanned),
        )
        .sort((a, b) => dueAt(a) - dueAt(b));
      const claimed: LeadRecord[] = [];
      for (const candidate of due) {
        if (claimed.length >= limit) break;
        const leased = await locked(candidate.id, async () => {
          // The clock is read under the lock: a scan of many files must not shorten or misjudge a lease.
          const at = now().getTime();
          const fresh = await read(candidate);
          if (!fresh || fresh.status !== "pending" || isLeased(fresh, at)) return null;
          const next = {
            ...fresh,
            leaseOwner: owner,
            leaseUntil: new Date(at + leaseMs).toISOString(),
          };
          await write(next);
          return next;
        });
        if (leased) claimed.push(leased);
      }
      return claimed;
    },
    async renew(record, owner, leaseMs) {
      // A lock held by someone else means another process is claiming or finishing this lead: not ours to send.
      const renewed = await locked(record.id, async () => {
        const fresh = await read(record);
        if (!fresh || fresh.status !== "pending" || fresh.leaseOwner !== owner) return false;
        await write({ ...fresh, leaseUntil: new Date(now().getTime() + leaseMs).toISOString() });
        return true;
      });
      return renewed === true;
    },
    async finish(record, owner) {
      const done = await locked(record.id, async () => {
        const fresh = await read(record);
        if (!fresh || fresh.leaseOwner !== owner) return false;
        await write(withoutLease(record));
        return true;
      });
      return done === true;
    },
    async take(key, windows, peek = false) {
      return memory.take(key, windows, now().getTime(), peek);
    },
    async nextDueIn() {
      const pending = (await list()).filter((record) => record.status === "pending");
      if (pending.length === 0) return null;
      const soonest = Math.min(...pending.map(claimableAt));
      return Math.max(0, Math.ceil(soonest - now().getTime()));
    },
    async hold(name, owner, ms) {
      const at = now().getTime();
      const current = holds.get(name);
      if (current && current.until > at && current.owner !== owner) return false;
      holds.set(name, { owner, until: at + ms });
      return true;
    },
    async release(name, owner) {
      if (holds.get(name)?.owner === owner) holds.delete(name);
    },
    async close() {},
    memory: () => memory.size(),
  };
}
