// @vitest-environment node
// One contract, two stores: the file lead store and a real PostgreSQL behave the same for every lead operation.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyFingerprint, type LeadStore } from "../../../../src/server/leads/leadStore";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import { createPgLeadStore, migrate } from "../../../../src/server/leads/pgLeadStore";
import { startPostgres, type TestPostgres } from "../../../support/postgres";
import postgres from "postgres";

let pg: TestPostgres;
const folders: string[] = [];
let databases = 0;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A simulated clock every store of one test shares. */
function clock(start = Date.parse("2026-11-24T10:00:00.000Z")) {
  let time = start;
  return { now: () => new Date(time), advance: (ms: number) => (time += ms) };
}

type Factory = (now: () => Date) => Promise<LeadStore>;

const factories: Record<string, Factory> = {
  file: async (now) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "leads-contract-"));
    folders.push(dir);
    return createFileLeadStore(dir, now);
  },
  postgres: async (now) => {
    // A database per test, so each starts empty.
    databases += 1;
    const name = `contract_${databases}`;
    const admin = postgres(pg.url, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    return createPgLeadStore(pg.url.replace(/\/postgres$/, `/${name}`), { now });
  },
};

const lead = { endpoint: "/api/hubspot-newsletter/", payload: { email: "a@example.org" } };

describe.each(Object.keys(factories))("the %s lead store", (kind) => {
  const open = factories[kind] as Factory;

  it("stores a lead durably and reads it back, oldest first", async () => {
    const time = clock();
    const store = await open(time.now);
    const first = await store.add(lead);
    time.advance(1000);
    const second = await store.add({ ...lead, context: { pageUri: "https://x.example/" } });
    expect(first).toMatchObject({
      status: "pending",
      attempts: 0,
      submittedAt: "2026-11-24T10:00:00.000Z",
    });
    expect((await store.list()).map((record) => record.id)).toEqual([first.id, second.id]);
    expect(await store.get(second.id)).toMatchObject({
      context: { pageUri: "https://x.example/" },
    });
    await store.update({ ...first, status: "forwarded", attempts: 1 });
    expect(await store.get(first.id)).toMatchObject({ status: "forwarded", attempts: 1 });
    await store.close();
  });

  it("an Idempotency-Key: same body replays, another body conflicts, both store nothing; after 24 h it is new", async () => {
    const time = clock();
    const store = await open(time.now);
    const print = bodyFingerprint(lead.endpoint, lead.payload);
    const created = await store.addOnce(lead, "key-1", print);
    expect(created.kind).toBe("created");
    const id = created.kind === "created" ? created.record.id : "";
    const [again, twin] = await Promise.all([
      store.addOnce(lead, "key-1", print),
      store.addOnce(lead, "key-1", print),
    ]);
    expect(again).toMatchObject({ kind: "replay", record: { id } });
    expect(twin).toMatchObject({ kind: "replay", record: { id } });
    expect(await store.addOnce(lead, "key-1", "another body")).toEqual({ kind: "conflict" });
    expect(await store.findKey("key-1")).toMatchObject({ fingerprint: print, record: { id } });
    expect(await store.list()).toHaveLength(1);
    time.advance(24 * 3_600_000 + 1);
    expect(await store.findKey("key-1")).toBeNull();
    expect((await store.addOnce(lead, "key-1", print)).kind).toBe("created");
    expect(await store.list()).toHaveLength(2);
    await store.close();
  });

  it("claims only due, unleased, pending leads; a lease keeps others out until it ends", async () => {
    const time = clock();
    const store = await open(time.now);
    const held = await store.add({ ...lead, lease: { owner: "accept:1", ms: 30_000 } });
    const free = await store.add(lead);
    const later = await store.add(lead);
    await store.update({
      ...later,
      nextAttemptAt: new Date(time.now().getTime() + 60_000).toISOString(),
    });
    await store.add({ ...lead, status: "forwarded" });

    const mine = await store.claim("worker:a", 10, 20_000);
    expect(mine.map((record) => record.id)).toEqual([free.id]);
    expect(await store.claim("worker:b", 10, 20_000)).toEqual([]);
    // Someone else's lease: finishing is refused and changes nothing.
    expect(await store.finish({ ...held, status: "forwarded" }, "worker:a")).toBe(false);
    expect(await store.finish({ ...free, status: "forwarded", attempts: 1 }, "worker:a")).toBe(
      true,
    );
    expect(await store.get(free.id)).toMatchObject({ status: "forwarded" });
    expect((await store.get(free.id))?.leaseOwner).toBeUndefined();

    time.advance(30_001);
    const [taken] = await store.claim("worker:b", 10, 20_000);
    expect(taken?.id).toBe(held.id);
    expect(await store.finish({ ...held, status: "failed", lastError: "x" }, "worker:b")).toBe(
      true,
    );
    time.advance(60_000);
    expect((await store.claim("worker:c", 10, 20_000)).map((record) => record.id)).toEqual([
      later.id,
    ]);
    await store.close();
  });

  it("renew(): the fence before a send, for the owner of a pending lead only", async () => {
    const time = clock();
    const store = await open(time.now);
    const one = await store.add(lead);
    const [claimed] = await store.claim("worker:a", 1, 20_000);
    expect(claimed?.id).toBe(one.id);
    expect(Date.parse(claimed?.leaseUntil ?? "")).toBe(time.now().getTime() + 20_000);
    // The owner re-takes it for one more send: the lease now runs from the renewal.
    time.advance(15_000);
    expect(await store.renew(one, "worker:a", 20_000)).toBe(true);
    expect(Date.parse((await store.get(one.id))?.leaseUntil ?? "")).toBe(
      time.now().getTime() + 20_000,
    );
    time.advance(15_000);
    expect(await store.claim("worker:b", 1, 20_000)).toEqual([]);
    // Its lease ran out and another worker claimed it: the first may no longer send it.
    time.advance(6000);
    expect((await store.claim("worker:b", 1, 20_000)).map((record) => record.id)).toEqual([one.id]);
    expect(await store.renew(one, "worker:a", 20_000)).toBe(false);
    expect(await store.renew(one, "worker:b", 20_000)).toBe(true);
    // Finished: no longer anyone's to send.
    expect(await store.finish({ ...one, status: "forwarded", attempts: 1 }, "worker:b")).toBe(true);
    expect(await store.renew(one, "worker:b", 20_000)).toBe(false);
    await store.close();
  });

  it("take(): a sliding window per key, with the wait until a slot frees", async () => {
    const time = clock();
    const store = await open(time.now);
    const windows = [
      { max: 5, ms: 60_000 },
      { max: 20, ms: 3_600_000 },
    ];
    for (let i = 0; i < 5; i += 1) {
      expect(await store.take("ip:/a/:1.2.3.4", windows)).toEqual({ ok: true });
      time.advance(1000);
    }
    expect(await store.take("ip:/a/:1.2.3.4", windows)).toEqual({
      ok: false,
      retryAfterMs: 55_000,
    });
    expect(await store.take("ip:/a/:5.6.7.8", windows)).toEqual({ ok: true });
    time.advance(55_000);
    expect(await store.take("ip:/a/:1.2.3.4", windows)).toEqual({ ok: true });
    // The hour: 20 in total, then the wait is until the first of them is an hour old.
    for (let i = 0; i < 14; i += 1) {
      time.advance(60_000);
      expect((await store.take("ip:/a/:1.2.3.4", windows)).ok).toBe(true);
    }
    time.advance(60_000);
    const refused = await store.take("ip:/a/:1.2.3.4", windows);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.retryAfterMs).toBe(
      3_600_000 - (time.now().getTime() - Date.parse("2026-11-24T10:00:00.000Z")),
    );
    await store.close();
  });

  it("nextDueIn(): how long until a pending lead can be claimed, counting its lease", async () => {
    const time = clock();
    const store = await open(time.now);
    expect(await store.nextDueIn()).toBeNull();
    const later = await store.add(lead);
    await store.update({
      ...later,
      nextAttemptAt: new Date(time.now().getTime() + 30_000).toISOString(),
    });
    expect(await store.nextDueIn()).toBe(30_000);
    // A lead due now but leased for 60 s (the request's own first attempt) is claimable in 60 s.
    await store.add({ ...lead, lease: { owner: "accept:1", ms: 60_000 } });
    expect(await store.nextDueIn()).toBe(30_000);
    time.advance(30_000);
    expect(await store.nextDueIn()).toBe(0);
    const [claimed] = await store.claim("w", 1, 45_000);
    expect(claimed?.id).toBe(later.id);
    // The one left is leased until 60 s after it was added (30 s from now); the claimed one for 45 s.
    expect(await store.nextDueIn()).toBe(30_000);
    if (claimed) await store.finish({ ...claimed, status: "forwarded" }, "w");
    time.advance(30_000);
    expect(await store.nextDueIn()).toBe(0);
    await store.close();
  });

  it("hold(): one owner at a time, extended by its owner, free once released or lapsed", async () => {
    const time = clock();
    const store = await open(time.now);
    expect(await store.hold("leads:drain", "a", 60_000)).toBe(true);
    expect(await store.hold("leads:drain", "b", 60_000)).toBe(false);
    expect(await store.hold("other", "b", 60_000)).toBe(true);
    time.advance(50_000);
    expect(await store.hold("leads:drain", "a", 60_000)).toBe(true);
    time.advance(50_000);
    expect(await store.hold("leads:drain", "b", 60_000)).toBe(false);
    await store.release("leads:drain", "b");
    expect(await store.hold("leads:drain", "b", 60_000)).toBe(false);
    await store.release("leads:drain", "a");
    expect(await store.hold("leads:drain", "b", 60_000)).toBe(true);
    time.advance(60_000);
    expect(await store.hold("leads:drain", "c", 60_000)).toBe(true);
    await store.close();
  });
});

describe("the Postgres store's migration", () => {
  it("is idempotent and safe when several instances start at once", async () => {
    const sql = postgres(pg.url, { max: 4, onnotice: () => undefined });
    await sql.unsafe("CREATE DATABASE migrate_twice");
    await sql.end();
    const url = pg.url.replace(/\/postgres$/, "/migrate_twice");
    const clients = [1, 2, 3].map(() => postgres(url, { max: 1, onnotice: () => undefined }));
    await Promise.all(clients.map((client) => migrate(client)));
    await migrate(clients[0] as postgres.Sql);
    const rows =
      await (clients[0] as postgres.Sql)`SELECT version FROM lead_schema_migrations ORDER BY version`;
    expect(rows.map((row) => row.version)).toEqual([1, 2, 3, 4]);
    await Promise.all(clients.map((client) => client.end()));
  });
});
