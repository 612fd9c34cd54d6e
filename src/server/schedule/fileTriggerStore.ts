// The schedule trigger's fence in files, for one machine like the file lead store: one JSON file per due
// time, each read-check-write under a short O_EXCL lock file, leases on this machine's clock.
import { promises as fs } from "node:fs";
import path from "node:path";
import { writeDurably } from "../leads/fileLeadStore";
import { withoutLease, type BuildTrigger, type TriggerStore } from "./triggerStore";

/** A lock older than this was left by a killed process. */
const LOCK_STALE_MS = 10_000;

const fileName = (dueAt: string) => `${new Date(dueAt).toISOString().replace(/[:.]/g, "-")}.json`;

export function createFileTriggerStore(
  dir: string,
  now: () => Date = () => new Date(),
): TriggerStore {
  const read = async (dueAt: string): Promise<BuildTrigger | null> => {
    try {
      return JSON.parse(await fs.readFile(path.join(dir, fileName(dueAt)), "utf8")) as BuildTrigger;
    } catch {
      return null;
    }
  };
  const write = (trigger: BuildTrigger) =>
    writeDurably(dir, fileName(trigger.dueAt), `${JSON.stringify(trigger, null, 2)}\n`);

  /** Runs `work` holding the due time's lock file; null when another process holds a fresh one. */
  async function locked<T>(dueAt: string, work: () => Promise<T>): Promise<T | null> {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const lock = path.join(dir, `.lock-${fileName(dueAt)}`);
    for (let tries = 0; tries < 2; tries += 1) {
      try {
        await (await fs.open(lock, "wx", 0o600)).close();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const stat = await fs.stat(lock).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs < LOCK_STALE_MS) return null;
        await fs.rm(lock, { force: true });
        continue;
      }
      try {
        return await work();
      } finally {
        await fs.rm(lock, { force: true });
      }
    }
    return null;
  }

  return {
    kind: "file",
    async claim(dueAt, owner, leaseMs) {
      const claimed = await locked(dueAt, async () => {
        const at = now().getTime();
        const due = new Date(dueAt).toISOString();
        if (Date.parse(due) > at) return null;
        const current = (await read(due)) ?? {
          dueAt: due,
          status: "pending" as const,
          attempts: 0,
          nextAttemptAt: due,
        };
        const leased = current.leaseUntil !== undefined && Date.parse(current.leaseUntil) > at;
        if (current.status !== "pending" || Date.parse(current.nextAttemptAt) > at || leased)
          return null;
        const next = {
          ...current,
          leaseOwner: owner,
          leaseUntil: new Date(at + leaseMs).toISOString(),
        };
        await write(next);
        return next;
      });
      return claimed ?? null;
    },
    async renew(dueAt, owner, leaseMs) {
      const renewed = await locked(dueAt, async () => {
        const current = await read(dueAt);
        if (!current || current.status !== "pending" || current.leaseOwner !== owner) return false;
        await write({ ...current, leaseUntil: new Date(now().getTime() + leaseMs).toISOString() });
        return true;
      });
      return renewed === true;
    },
    async finish(trigger, owner) {
      const done = await locked(trigger.dueAt, async () => {
        if ((await read(trigger.dueAt))?.leaseOwner !== owner) return false;
        await write(withoutLease(trigger));
        return true;
      });
      return done === true;
    },
    async list() {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const all = await Promise.all(
        names
          .filter((n) => n.endsWith(".json") && !n.startsWith("."))
          .sort()
          .map(async (n) => {
            try {
              return JSON.parse(await fs.readFile(path.join(dir, n), "utf8")) as BuildTrigger;
            } catch {
              return null;
            }
          }),
      );
      return all.filter((t): t is BuildTrigger => t !== null);
    },
    async close() {},
  };
}
