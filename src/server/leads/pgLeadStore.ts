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

type Sql = postgres.Sql;

/**
 * Versioned, idempotent DDL. Each step runs once, under an advisory lock, so instances that cold-start
 * together do not race on CREATE (Postgres' IF NOT EXISTS is not safe under concurrency).
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS leads (
     id uuid PRIMARY KEY,
     endpoint text NOT NULL,
     submitted_at timestamptz NOT NULL,
     status text NOT NULL,
     next_attempt_at timestamptz NOT NULL,
     lease_owner text,
     lease_until timestamptz,
     record jsonb NOT NULL
   );
   CREATE INDEX IF NOT EXISTS leads_due ON leads (next_attempt_at) WHERE status = 'pending';
   CREATE INDEX IF NOT EXISTS leads_submitted ON leads (submitted_at);
   CREATE TABLE IF NOT EXISTS lead_keys (
     key text PRIMARY KEY,
     lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
     fingerprint text NOT NULL,
     created_at timestamptz NOT NULL
   );
   CREATE TABLE IF NOT EXISTS lead_rate_events (key text NOT NULL, at timestamptz NOT NULL);
   CREATE INDEX IF NOT EXISTS lead_rate_events_key_at ON lead_rate_events (key, at);`,
  // take() as one statement: a hot key (the outbound limit) is locked for one round trip, not six.
  `CREATE OR REPLACE FUNCTION lead_take(p_key text, p_at timestamptz, p_ms bigint[], p_max bigint[], p_peek boolean)
   RETURNS bigint LANGUAGE plpgsql AS $$
   DECLARE
     i int;
     n bigint;
     freeing timestamptz;
     longest bigint := 0;
     wait bigint := 0;
   BEGIN
     PERFORM pg_advisory_xact_lock(hashtextextended('rate:' || p_key, 0));
     FOR i IN 1 .. array_length(p_ms, 1) LOOP
       longest := greatest(longest, p_ms[i]);
     END LOOP;
     DELETE FROM lead_rate_events WHERE key = p_key AND at <= p_at - longest * interval '1 millisecond';
     FOR i IN 1 .. array_length(p_ms, 1) LOOP
       SELECT count(*) INTO n FROM lead_rate_events
         WHERE key = p_key AND at > p_at - p_ms[i] * interval '1 millisecond';
       IF n >= p_max[i] THEN
         SELECT at INTO freeing FROM lead_rate_events
           WHERE key = p_key AND at > p_at - p_ms[i] * interval '1 millisecond'
           ORDER BY at DESC OFFSET p_max[i] - 1 LIMIT 1;
         wait := greatest(wait, round(extract(epoch FROM (freeing - p_at)) * 1000)::bigint + p_ms[i]);
       END IF;
     END LOOP;
     IF wait > 0 THEN
       RETURN wait;
     END IF;
     IF NOT p_peek THEN
       INSERT INTO lead_rate_events (key, at) VALUES (p_key, p_at);
     END IF;
     RETURN 0;
   END $$;`,
  // The schedule trigger's fence (src/server/schedule/pgTriggerStore.ts): one row per due time.
  `CREATE TABLE IF NOT EXISTS build_triggers (
     due_at timestamptz PRIMARY KEY,
     status text NOT NULL,
     next_attempt_at timestamptz NOT NULL,
     lease_owner text,
     lease_until timestamptz,
     record jsonb NOT NULL
   );`,
];

const MIGRATION_LOCK = 7_140_114;

export async function migrate(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`CREATE TABLE IF NOT EXISTS lead_schema_migrations (version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set(
      (await tx<{ version: number }[]>`SELECT version FROM lead_schema_migrations`).map(
        (row) => row.version,
      ),
    );
    for (const [index, step] of MIGRATIONS.entries()) {
      if (done.has(index + 1)) continue;
      await tx.unsafe(step);
      await tx`INSERT INTO lead_schema_migrations (version) VALUES (${index + 1})`;
    }
  });
}

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
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
