// The durable lead outbox: every accepted lead is on disk (fsync'd) before the visitor hears "thanks".
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

/**
 * pending: not yet accepted by HubSpot, worth resending (`npm run leads -- --retry`);
 * forwarded: HubSpot took it; rejected: the visitor was asked to correct a field and may send
 * again; failed: HubSpot refuses it for a reason the visitor cannot fix (see lastError), kept for a
 * person to follow up; spam: never forwarded.
 */
export type LeadStatus = "pending" | "forwarded" | "rejected" | "failed" | "spam";

export type LeadRecord = {
  id: string;
  /** The endpoint that took it, e.g. /api/hubspot/. */
  endpoint: string;
  /** ISO time the function accepted it. */
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
};

export type Outbox = {
  /** Writes a new record durably and returns it. */
  add(entry: {
    endpoint: string;
    payload: Record<string, unknown>;
    status?: LeadStatus;
    context?: LeadRecord["context"];
  }): Promise<LeadRecord>;
  /** Rewrites a record after a forwarding attempt; the file is replaced atomically. */
  update(record: LeadRecord): Promise<void>;
  list(): Promise<LeadRecord[]>;
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

async function writeDurably(dir: string, name: string, content: string): Promise<void> {
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

/** A file-backed outbox: one JSON file per lead, named so a directory listing sorts by time. */
export function createFileOutbox(dir: string, now: () => Date = () => new Date()): Outbox {
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
  return {
    async add(entry) {
      await ensureDir();
      const record: LeadRecord = {
        id: randomUUID(),
        endpoint: entry.endpoint,
        submittedAt: now().toISOString(),
        payload: entry.payload,
        status: entry.status ?? "pending",
        attempts: 0,
        ...(entry.context && Object.keys(entry.context).length > 0
          ? { context: entry.context }
          : {}),
      };
      await writeDurably(dir, fileName(record), `${JSON.stringify(record, null, 2)}\n`);
      return record;
    },
    async update(record) {
      await ensureDir();
      await writeDurably(dir, fileName(record), `${JSON.stringify(record, null, 2)}\n`);
    },
    async list() {
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
          // A file someone edited by hand into invalid JSON is skipped, not fatal for the rest.
        }
      }
      return records;
    },
  };
}
