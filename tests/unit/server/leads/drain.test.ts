// @vitest-environment node
// The delivery drain on a simulated clock, with a real PostgreSQL (and the file store) and the fake HubSpot on
// loopback: it keeps sending while the outbound budget allows (a burst drained at the limit, no idle gap), it
// waits out HubSpot's 429 and goes on, and overlapping drains, holds or not, send each lead exactly once.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLeadsEnv } from "../../../../src/server/env";
import { drainLeads, type DrainRun } from "../../../../src/server/leads/drain";
import {
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { startPostgres, type TestPostgres } from "../../../support/postgres";
import { seeded } from "../support/seeded";
import { addLeads, openEmptyStore, type StoreKind } from "../support/leadStores";
import { createSimulation, type Simulation } from "../support/simulation";

let pg: TestPostgres;
let fake: FakeHubspot;
const folders: string[] = [];
const START = Date.parse("2026-12-06T09:00:00.000Z");

beforeAll(async () => {
  pg = await startPostgres();
  // HubSpot's own limit is not what these tests are about: the site's 40 per 10 s is.
  fake = await startFakeHubspot({ rateLimit: { max: 1_000_000, windowMs: 10_000 } });
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await pg?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const openStore = (kind: StoreKind, sim: Simulation) =>
  openEmptyStore(kind, sim.now, pg.url, folders, 10);

type Send = { email: string; at: number; status: number };

/**
 * HubSpot on the simulated clock: the request reaches the fake at once (its answer decides), and the
 * answer arrives `delay()` simulated ms later. Every request is recorded with its simulated time.
 */
function hubspotOn(sim: Simulation, delay: () => number, sends: Send[]): typeof fetch {
  return async (input, init) => {
    const at = sim.now().getTime();
    const sent = JSON.parse(String(init?.body)) as { fields: { name: string; value: string }[] };
    const email = sent.fields.find((field) => field.name === "email")?.value ?? "";
    const answer = await fetch(input, init);
    const body = await answer.text();
    sends.push({ email, at, status: answer.status });
    await sim.sleep(delay());
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}

/** The most requests HubSpot received in any 10 s (sliding, by simulated time). */
function busiestTenSeconds(sends: readonly Send[]): number {
  const times = sends.map((send) => send.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i += 1) {
    while ((times[i] ?? 0) - (times[j] ?? 0) >= 10_000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const accepted = (sends: readonly Send[]) => sends.filter((send) => send.status === 200);

function exactlyOnce(emails: readonly string[], sends: readonly Send[]): string[] {
  const counts = new Map(emails.map((email) => [email, 0]));
  for (const send of accepted(sends))
    if (counts.has(send.email)) counts.set(send.email, (counts.get(send.email) ?? 0) + 1);
  return [...counts].filter(([, count]) => count !== 1).map(([email, n]) => `${email}: ${n}`);
}

describe.each(["postgres", "file"] as const)("with the %s store", (kind) => {
  it("keeps sending while the budget allows: 120 leads in one drain at 40 per 10 s, no idle gap", async () => {
    const sim = createSimulation(START);
    const store = await openStore(kind, sim);
    const emails = await addLeads(store, 120, `${kind}-burst-`);
    const sends: Send[] = [];
    const env = readLeadsEnv({ ...hubspotServerEnv(fake.origin), HUBSPOT_MAX_PER_10S: "40" });
    let run: DrainRun | null = null;
    await sim.run([
      async () => {
        run = await drainLeads(env, {
          budgetMs: 120_000,
          store,
          now: sim.now,
          sleep: sim.sleep,
          lanes: sim.join,
          fetch: hubspotOn(sim, () => 300, sends),
          log: () => {},
        });
      },
    ]);
    expect(exactlyOnce(emails, sends)).toEqual([]);
    expect(run).toMatchObject({ sent: 120, forwarded: 120, failed: 0, nextInMs: null });
    // At the limit, never over it: 40 in every 10 s until the last, which leaves 20 s after the first.
    expect(busiestTenSeconds(sends)).toBe(40);
    const first = Math.min(...sends.map((send) => send.at));
    const last = Math.max(...sends.map((send) => send.at));
    expect(last - first).toBeGreaterThanOrEqual(20_000);
    expect(last - first).toBeLessThan(22_000);
    // Each 10 s window starts sending as soon as it opens: no pass waits for a timer.
    for (const from of [first, first + 10_000, first + 20_000])
      expect(sends.filter((send) => send.at >= from && send.at < from + 2_000)).toHaveLength(40);
    expect((await store.list()).every((lead) => lead.status === "forwarded")).toBe(true);
    await store.close();
  }, 120_000);
});

describe("HubSpot answering 429 for 30 s", () => {
  it("pauses, goes on at the limit once it answers, and counts no attempt against any lead", async () => {
    const sim = createSimulation(START);
    const store = await openStore("postgres", sim);
    const emails = await addLeads(store, 100, "busy-");
    const sends: Send[] = [];
    const env = readLeadsEnv({ ...hubspotServerEnv(fake.origin), HUBSPOT_MAX_PER_10S: "40" });
    const limited = hubspotOn(sim, () => 300, sends);
    const hubspot: typeof fetch = async (input, init) => {
      fake.setMode(sim.now().getTime() < START + 30_000 ? "rate-limited" : "ok");
      return limited(input, init);
    };
    await sim.run([
      () =>
        drainLeads(env, {
          budgetMs: 300_000,
          store,
          now: sim.now,
          sleep: sim.sleep,
          lanes: sim.join,
          fetch: hubspot,
          log: () => {},
        }).then(() => undefined),
    ]);
    fake.setMode("ok");
    expect(exactlyOnce(emails, sends)).toEqual([]);
    const refusals = sends.filter((send) => send.status === 429);
    // The first wave of lanes, then one probe after each 5 s pause: not a wasted window of 40.
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.length).toBeLessThanOrEqual(8 + 6);
    expect(busiestTenSeconds(sends)).toBeLessThanOrEqual(40);
    // Once HubSpot answers, 100 leads take the 20-odd seconds the limit implies.
    const last = Math.max(...accepted(sends).map((send) => send.at));
    expect(last - (START + 30_000)).toBeLessThan(35_000);
    const leads = await store.list();
    expect(leads.every((lead) => lead.status === "forwarded")).toBe(true);
    expect(leads.every((lead) => lead.attempts === 1)).toBe(true);
    await store.close();
  }, 120_000);
});

describe("overlapping drains on one PostgreSQL", () => {
  it("holding drains, a server's own loop, a late cron: 300 leads, HubSpot taking up to 8 s, each sent exactly once", async () => {
    const sim = createSimulation(START);
    const store = await openStore("postgres", sim);
    const emails = await addLeads(store, 300, "overlap-");
    const sends: Send[] = [];
    const random = seeded(Number(process.env.LEADS_FAULT_SEED ?? 61));
    const hubspot = hubspotOn(sim, () => Math.floor(random() * 8000), sends);
    // The shortest lease the server accepts for this timeout, and a tight outbound limit the drains
    // share (10 per 10 s): a claimed lead can wait for a lane longer than its lease, and another drain
    // may then claim it; the fence before each send keeps it from going twice.
    const env = readLeadsEnv({
      ...hubspotServerEnv(fake.origin),
      HUBSPOT_TIMEOUT_MS: "8000",
      LEADS_LEASE_MS: "18000",
      HUBSPOT_MAX_PER_10S: "10",
    });
    const runs: Record<string, DrainRun> = {};
    const log: string[] = [];
    const drain = (name: string, startMs: number, budgetMs: number, hold: boolean) => async () => {
      await sim.sleep(startMs);
      runs[name] = await drainLeads(env, {
        budgetMs,
        ...(hold ? { holdAs: `drain:${name}` } : {}),
        store,
        now: sim.now,
        sleep: sim.sleep,
        lanes: sim.join,
        fetch: hubspot,
        log: (line) => log.push(line),
      });
    };
    await sim.run([
      // Vercel's waitUntil after a form post, and another post's a second later (the hold keeps it out).
      drain("first", 0, 40_000, true),
      drain("second", 1_000, 270_000, true),
      // Two local servers' loops on the same database, without the hold.
      drain("server-a", 2_500, 120_000, false),
      drain("server-b", 7_000, 120_000, false),
      // The cron, after the first drain's budget: it holds the hold for the rest.
      drain("cron", 45_000, 600_000, true),
    ]);
    expect(exactlyOnce(emails, sends)).toEqual([]);
    // They did overlap: every drain but the one the hold kept out sent some, 300 in all.
    expect(runs.second?.skipped).toBe(true);
    for (const name of ["first", "server-a", "server-b", "cron"])
      expect(runs[name]?.sent, name).toBeGreaterThan(0);
    expect(Object.values(runs).reduce((sum, run) => sum + run.sent, 0)).toBe(300);
    expect(busiestTenSeconds(sends)).toBeLessThanOrEqual(10);
    expect(log.filter((line) => /lease lost before its outcome/.test(line))).toEqual([]);
    expect((await store.list()).every((lead) => lead.status === "forwarded")).toBe(true);
    await store.close();
  }, 300_000);
});
