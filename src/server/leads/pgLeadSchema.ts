// The PostgreSQL lead store's schema: versioned migrations, each applied once under an advisory lock.
import type postgres from "postgres";

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
  // One delivery drain at a time across instances (hold/release): who holds it, and until when.
  `CREATE TABLE IF NOT EXISTS lead_holds (
     name text PRIMARY KEY,
     owner text NOT NULL,
     until timestamptz NOT NULL
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
