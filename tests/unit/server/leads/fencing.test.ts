// @vitest-environment node
// Each lead sent once, on a simulated clock, with both lead stores (the file lead store and a real
// PostgreSQL) and the fake HubSpot on loopback: the scenario (two workers, HubSpot answering
// in 7.9 s, a batch of 20 outliving a 60 s lease) and three workers draining 300 leads while HubSpot
// takes anything up to its timeout. Before each send a worker re-takes that one lead; a lead whose
// lease passed to another worker is left to it.
import { rmSync } from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readLeadsEnv } from "../../../../src/server/env";
import { deliverDue } from "../../../../src/server/leads/deliveryWorker";
import type { LeadStore } from "../../../../src/server/leads/leadStore";
import { createPgLeadStore } from "../../../../src/server/leads/pgLeadStore";
import {
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { startPostgres, type TestPostgres } from "../../../support/postgres";
import { addLeads, openEmptyStore, type StoreKind } from "../support/leadStores";
import { createSimulation, type Simulation } from "../support/simulation";
import { seeded } from "../support/seeded";

let pg: TestPostgres;
let fake: FakeHubspot;
let databases = 0;
const folders: string[] = [];

beforeAll(async () => {
  pg = await startPostgres();
  // HubSpot's own limit is not what these tests are about.
  fake = await startFakeHubspot({ rateLimit: { max: 1_000_000, windowMs: 10_000 } });
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await pg?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const openStore = (kind: StoreKind, sim: Simulation) =>
  openEmptyStore(kind, sim.now, pg.url, folders);

/** HubSpot takes the lead when it arrives, and its answer arrives `delay()` simulated ms later. */
function slowHubspot(sim: Simulation, delay: () => number): typeof fetch {
  return async (input, init) => {
    const answer = await fetch(input, init);
    const body = await answer.text();
    await sim.sleep(delay());
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}

/** A worker as the server's timer runs it: a pass, then the next one `intervalMs` later, until nothing is pending. */
function worker(
  store: LeadStore,
  sim: Simulation,
  hubspot: typeof fetch,
  options: { startMs: number; intervalMs: number; log: string[] },
) {
  const env = readLeadsEnv({ ...hubspotServerEnv(fake.origin), HUBSPOT_TIMEOUT_MS: "8000" });
  return async () => {
    await sim.sleep(options.startMs);
    for (let pass = 0; pass < 2000; pass += 1) {
      const report = await deliverDue(
        { store, env, fetch: hubspot, now: sim.now, log: (line) => options.log.push(line) },
        20,
      );
      if (report.claimed === 0 && !(await store.list()).some((lead) => lead.status === "pending"))
        return;
      await sim.sleep(options.intervalMs);
    }
    throw new Error("the worker never ran out of leads");
  };
}

/** How often HubSpot received each of these emails. */
function sendsPerEmail(emails: readonly string[]): Map<string, number> {
  const counts = new Map(emails.map((email) => [email, 0]));
  for (const submission of fake.submissions) {
    const email = submission.values.email ?? "";
    if (counts.has(email)) counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
}

describe.each(["file", "postgres"] as const)("with the %s store", (kind) => {
  it("two workers, HubSpot answering in 7.9 s, a batch of 20 and a 60 s lease: each lead sent once", async () => {
    const sim = createSimulation(Date.parse("2026-11-24T09:00:00.000Z"));
    const store = await openStore(kind, sim);
    const emails = await addLeads(store, 20, `${kind}-scenario-`);
    const hubspot = slowHubspot(sim, () => 7900);
    const log: string[] = [];
    // The second server's timer fires 5 s after the first's, then every 10 s.
    await sim.run([
      worker(store, sim, hubspot, { startMs: 0, intervalMs: 10_000, log }),
      worker(store, sim, hubspot, { startMs: 5000, intervalMs: 10_000, log }),
    ]);
    const sends = sendsPerEmail(emails);
    const twice = [...sends].filter(([, count]) => count > 1);
    expect(twice, `sent more than once:\n${twice.join("\n")}`).toEqual([]);
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    expect((await store.list()).every((lead) => lead.status === "forwarded")).toBe(true);
    // The batch did outlive its lease: the second worker took over its tail.
    expect(log.some((line) => /lease passed to another worker/.test(line))).toBe(true);
    expect(log.some((line) => /lease lost before its outcome/.test(line))).toBe(false);
    await store.close();
  }, 120_000);

  it("three workers, 300 leads, HubSpot taking up to its 8 s timeout: every lead exactly once", async () => {
    const sim = createSimulation(Date.parse("2026-11-24T09:00:00.000Z"));
    const store = await openStore(kind, sim);
    const emails = await addLeads(store, 300, `${kind}-three-`);
    const random = seeded(Number(process.env.LEADS_FAULT_SEED ?? 23));
    const hubspot = slowHubspot(sim, () => Math.floor(random() * 8000));
    const log: string[] = [];
    await sim.run(
      [0, 3300, 6600].map((startMs) =>
        worker(store, sim, hubspot, { startMs, intervalMs: 10_000, log }),
      ),
    );
    const sends = sendsPerEmail(emails);
    const wrong = [...sends].filter(([, count]) => count !== 1);
    expect(wrong, `not sent exactly once:\n${wrong.join("\n")}`).toEqual([]);
    expect((await store.list()).every((lead) => lead.status === "forwarded")).toBe(true);
    await store.close();
  }, 300_000);
});

describe("lease times", () => {
  it("come from the database's clock, not the instance's", async () => {
    databases += 1;
    const admin = postgres(pg.url, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`CREATE DATABASE fencing_${databases}`);
    const url = pg.url.replace(/\/postgres$/, `/fencing_${databases}`);
    const store = createPgLeadStore(url);
    const lead = await store.add({
      endpoint: "/api/hubspot-newsletter/",
      payload: { email: "clock@example.org" },
    });
    // This instance's clock runs a day ahead; the database's does not.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 86_400_000 });
    try {
      const [claimed] = await store.claim("worker:clock", 1, 60_000);
      expect(claimed?.id).toBe(lead.id);
      const db = postgres(url, { max: 1, onnotice: () => undefined });
      const [row] = await db<{ lease: number }[]>`
        SELECT extract(epoch FROM lease_until - now()) * 1000 AS lease FROM leads WHERE id = ${lead.id}`;
      await db.end();
      expect(Number(row?.lease)).toBeGreaterThan(50_000);
      expect(Number(row?.lease)).toBeLessThanOrEqual(60_000);
      expect(Date.parse(claimed?.leaseUntil ?? "")).toBeLessThan(Date.now());
      expect(await store.renew(lead, "worker:clock", 60_000)).toBe(true);
      expect(await store.renew(lead, "worker:other", 60_000)).toBe(false);
    } finally {
      vi.useRealTimers();
      await store.close();
      await admin.end();
    }
  });
});
