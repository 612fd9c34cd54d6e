// The PostgreSQL lead store (production, DATABASE_URL): leads, idempotency keys and rate counters shared by every instance.
import postgres from "postgres";
import {
  IDEMPOTENCY_TTL_MS,
  withoutLease,
  type LeadRecord,
  type LeadStore,
  newLeadRecord,
  type NewLead,
} from "./leadStore";
import { migrate } from "./pgLeadSchema";

type Sql = postgres.Sql;

export { migrate };

type Row = { record: LeadRecord };

const columns = (record: LeadRecord) => ({
  status: record.status,
  next_attempt_at: new Date(record.nextAttemptAt ?? record.submittedAt),
  lease_owner: record.leaseOwner ?? null,
  lease_until: record.leaseUntil ? new Date(record.leaseUntil) : null,
});

export type PgStoreOptions = {
  /**
   * A simulated clock (tests). Without one, leases, due times and rate windows are the database's
   * now(): one clock for every instance, however far their own clocks drift.
   */
  now?: () => Date;
  max?: number;
};

export function createPgLeadStore(url: string, options: PgStoreOptions = {}): LeadStore {
  const now = options.now ?? (() => new Date());
  const sql = postgres(url, {
    // Serverless instances each hold a pool: keep it small so a burst of instances fits the server.
    max: options.max ?? 5,
    idle_timeout: 20,
    onnotice: () => undefined,
  });
  /** The time every lease, due check and rate window is measured against, as SQL. */
  const dbNow = () => (options.now ? sql`${options.now()}::timestamptz` : sql`now()`);
  const afterMs = (ms: number) => sql`(${dbNow()} + ${ms} * interval '1 millisecond')`;
  /** A timestamptz as the ISO text records keep (now() is one value per statement, so both agree). */
  const isoText = (time: postgres.PendingQuery<postgres.Row[]>) =>
    sql`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  let ready: Promise<void> | null = null;
  const migrated = () => {
    ready ??= migrate(sql).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };

  function build(lead: NewLead, extra: Partial<LeadRecord> = {}): LeadRecord {
    return newLeadRecord(lead, now(), extra);
  }

  /** A new lead; its lease (the accepting request's) runs on the database's clock like every other. */
  async function insert(
    tx: Sql | postgres.TransactionSql,
    record: LeadRecord,
    leaseMs?: number,
  ): Promise<LeadRecord> {
    const c = columns(record);
    const leased = leaseMs !== undefined && record.leaseOwner !== undefined;
    const until = leased ? afterMs(leaseMs) : sql`${c.lease_until}`;
    const json = leased
      ? sql`${sql.json(record as never)}::jsonb || jsonb_build_object('leaseUntil', ${isoText(until)})`
      : sql`${sql.json(record as never)}`;
    const [row] = await tx<Row[]>`INSERT INTO leads
        (id, endpoint, submitted_at, status, next_attempt_at, lease_owner, lease_until, record)
      VALUES (${record.id}, ${record.endpoint}, ${new Date(record.submittedAt)}, ${c.status},
              ${c.next_attempt_at}, ${c.lease_owner}, ${until}, ${json})
      RETURNING record`;
    return row?.record ?? record;
  }

  return {
    kind: "postgres",
    async add(lead) {
      await migrated();
      return insert(sql, build(lead), lead.lease?.ms);
    },
    async findKey(key) {
      await migrated();
      const [row] = await sql<{ fingerprint: string; record: LeadRecord }[]>`
        SELECT k.fingerprint, l.record FROM lead_keys k JOIN leads l ON l.id = k.lead_id
        WHERE k.key = ${key} AND k.created_at > ${new Date(now().getTime() - IDEMPOTENCY_TTL_MS)}`;
      return row ?? null;
    },
    async addOnce(lead, key, fingerprint) {
      await migrated();
      return sql.begin(async (tx) => {
        // Serialises the two requests of a double click on this key only.
        await tx`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
        const [known] = await tx<{ fingerprint: string; created_at: Date; record: LeadRecord }[]>`
          SELECT k.fingerprint, k.created_at, l.record FROM lead_keys k JOIN leads l ON l.id = k.lead_id
          WHERE k.key = ${key}`;
        if (known && now().getTime() - known.created_at.getTime() < IDEMPOTENCY_TTL_MS) {
          return known.fingerprint === fingerprint
            ? { kind: "replay" as const, record: known.record }
            : { kind: "conflict" as const };
        }
        const record = await insert(
          tx,
          build(lead, { idempotencyKey: key, fingerprint }),
          lead.lease?.ms,
        );
        await tx`INSERT INTO lead_keys (key, lead_id, fingerprint, created_at)
          VALUES (${key}, ${record.id}, ${fingerprint}, ${new Date(record.submittedAt)})
          ON CONFLICT (key) DO UPDATE SET lead_id = EXCLUDED.lead_id, fingerprint = EXCLUDED.fingerprint,
            created_at = EXCLUDED.created_at`;
        return { kind: "created" as const, record };
      });
    },
    async update(record) {
      await migrated();
      const c = columns(record);
      await sql`UPDATE leads SET status = ${c.status}, next_attempt_at = ${c.next_attempt_at},
        lease_owner = ${c.lease_owner}, lease_until = ${c.lease_until}, record = ${sql.json(record as never)}
        WHERE id = ${record.id}`;
    },
    async get(id) {
      await migrated();
      const [row] = await sql<Row[]>`SELECT record FROM leads WHERE id = ${id}`;
      return row?.record ?? null;
    },
    async list() {
      await migrated();
      const rows = await sql<Row[]>`SELECT record FROM leads ORDER BY submitted_at, id`;
      return rows.map((row) => row.record);
    },
    async claim(owner, limit, leaseMs) {
      await migrated();
      // SKIP LOCKED: two workers scanning at once each get different rows instead of waiting.
      const rows = await sql<Row[]>`
        UPDATE leads SET lease_owner = ${owner}, lease_until = ${afterMs(leaseMs)},
          record = record || jsonb_build_object('leaseOwner', ${owner}::text,
            'leaseUntil', ${isoText(afterMs(leaseMs))})
        WHERE id IN (
          SELECT id FROM leads
          WHERE status = 'pending' AND next_attempt_at <= ${dbNow()}
            AND (lease_until IS NULL OR lease_until <= ${dbNow()})
          ORDER BY next_attempt_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING record`;
      return rows
        .map((row) => row.record)
        .sort(
          (a, b) =>
            Date.parse(a.nextAttemptAt ?? a.submittedAt) -
            Date.parse(b.nextAttemptAt ?? b.submittedAt),
        );
    },
    async renew({ id }, owner, leaseMs) {
      await migrated();
      // The fence: one statement, so no claim can slip between the check and the new lease.
      const rows = await sql`UPDATE leads SET lease_until = ${afterMs(leaseMs)},
          record = record || jsonb_build_object('leaseUntil', ${isoText(afterMs(leaseMs))})
        WHERE id = ${id} AND lease_owner = ${owner} AND status = 'pending' RETURNING id`;
      return rows.length === 1;
    },
    async finish(record, owner) {
      await migrated();
      const next = withoutLease(record);
      const c = columns(next);
      const rows =
        await sql`UPDATE leads SET status = ${c.status}, next_attempt_at = ${c.next_attempt_at},
        lease_owner = NULL, lease_until = NULL, record = ${sql.json(next as never)}
        WHERE id = ${record.id} AND lease_owner = ${owner} RETURNING id`;
      return rows.length === 1;
    },
    async take(key, windows, peek = false) {
      await migrated();
      // Keys of addresses never seen again would otherwise stay: now and then, sweep the whole table
      // (every window is at most an hour, so a day-old event counts for nothing).
      if (Math.random() < 0.01) {
        await sql`DELETE FROM lead_rate_events WHERE at < ${afterMs(-86_400_000)}`;
      }
      const [row] = await sql<{ wait: string }[]>`
        SELECT lead_take(${key}, ${dbNow()}, ${windows.map((window) => window.ms)}::bigint[],
          ${windows.map((window) => window.max)}::bigint[], ${peek}) AS wait`;
      const wait = Number(row?.wait ?? 0);
      return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
    },
    async nextDueIn() {
      await migrated();
      const [row] = await sql<{ wait: string | null }[]>`
        SELECT extract(epoch FROM (min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at)))
          - ${dbNow()})) * 1000 AS wait
        FROM leads WHERE status = 'pending'`;
      return row?.wait == null ? null : Math.max(0, Math.ceil(Number(row.wait)));
    },
    async hold(name, owner, ms) {
      await migrated();
      // One statement: taken when free or lapsed, extended when already this owner's.
      const rows = await sql`INSERT INTO lead_holds (name, owner, until)
        VALUES (${name}, ${owner}, ${afterMs(ms)})
        ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, until = EXCLUDED.until
        WHERE lead_holds.until <= ${dbNow()} OR lead_holds.owner = EXCLUDED.owner
        RETURNING name`;
      return rows.length === 1;
    },
    async release(name, owner) {
      await migrated();
      await sql`DELETE FROM lead_holds WHERE name = ${name} AND owner = ${owner}`;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
