// The schedule trigger's fence in PostgreSQL (DATABASE_URL): the lead store's database and migrations, its own table.
import postgres from "postgres";
import { migrate } from "../leads/pgLeadStore";
import { withoutLease, type BuildTrigger, type TriggerStore } from "./triggerStore";

type Row = { record: BuildTrigger };

export function createPgTriggerStore(
  url: string,
  /** `now`: a simulated clock (tests); without one every time is the database's now(), as for leads. */
  options: { now?: () => Date; max?: number } = {},
): TriggerStore {
  const sql = postgres(url, { max: options.max ?? 2, idle_timeout: 20, onnotice: () => undefined });
  const dbNow = () => (options.now ? sql`${options.now()}::timestamptz` : sql`now()`);
  const afterMs = (ms: number) => sql`(${dbNow()} + ${ms} * interval '1 millisecond')`;
  const iso = (time: postgres.PendingQuery<postgres.Row[]>) =>
    sql`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  let ready: Promise<void> | null = null;
  const migrated = () => {
    ready ??= migrate(sql).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };

  return {
    kind: "postgres",
    async claim(dueAt, owner, leaseMs) {
      await migrated();
      const due = new Date(dueAt);
      const fresh: BuildTrigger = {
        dueAt: due.toISOString(),
        status: "pending",
        attempts: 0,
        nextAttemptAt: due.toISOString(),
      };
      const leased = sql`jsonb_build_object('leaseOwner', ${owner}::text, 'leaseUntil', ${iso(afterMs(leaseMs))})`;
      // One statement: a second instance's insert waits for the first and then finds the row leased.
      const rows = await sql<Row[]>`
        INSERT INTO build_triggers AS t (due_at, status, next_attempt_at, lease_owner, lease_until, record)
        SELECT ${due}, 'pending', ${due}, ${owner}, ${afterMs(leaseMs)}, ${sql.json(fresh as never)}::jsonb || ${leased}
        WHERE ${due}::timestamptz <= ${dbNow()}
        ON CONFLICT (due_at) DO UPDATE SET lease_owner = EXCLUDED.lease_owner,
          lease_until = EXCLUDED.lease_until, record = t.record || ${leased}
        WHERE t.status = 'pending' AND t.next_attempt_at <= ${dbNow()}
          AND (t.lease_until IS NULL OR t.lease_until <= ${dbNow()})
        RETURNING t.record`;
      return rows[0]?.record ?? null;
    },
    async renew(dueAt, owner, leaseMs) {
      await migrated();
      const rows = await sql`UPDATE build_triggers SET lease_until = ${afterMs(leaseMs)},
          record = record || jsonb_build_object('leaseUntil', ${iso(afterMs(leaseMs))})
        WHERE due_at = ${new Date(dueAt)} AND lease_owner = ${owner} AND status = 'pending'
        RETURNING due_at`;
      return rows.length === 1;
    },
    async finish(trigger, owner) {
      await migrated();
      const next = withoutLease(trigger);
      const rows = await sql`UPDATE build_triggers SET status = ${next.status},
          next_attempt_at = ${new Date(next.nextAttemptAt)}, lease_owner = NULL, lease_until = NULL,
          record = ${sql.json(next as never)}
        WHERE due_at = ${new Date(next.dueAt)} AND lease_owner = ${owner} RETURNING due_at`;
      return rows.length === 1;
    },
    async list() {
      await migrated();
      return (await sql<Row[]>`SELECT record FROM build_triggers ORDER BY due_at`).map(
        (r) => r.record,
      );
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
