// @vitest-environment node
// The delivery worker under faults on a simulated clock, and two workers sharing one PostgreSQL.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadEndpoints, type LeadEndpoint } from "../../../../src/leads/endpoints";
import { readLeadsEnv } from "../../../../src/server/env";
import { createLeadHandler } from "../../../../src/server/leads/handler";
import {
  backoffDelay,
  deliverDue,
  scheduleAfter,
} from "../../../../src/server/leads/deliveryWorker";
import type { LeadStore } from "../../../../src/server/leads/leadStore";
import { createPgLeadStore } from "../../../../src/server/leads/pgLeadStore";
import {
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { validBodies } from "../../leads/samples";
import { startPostgres, type TestPostgres } from "../../../support/postgres";
import { seeded } from "../support/seeded";

let pg: TestPostgres;
let fake: FakeHubspot;
let databases = 0;

beforeAll(async () => {
  pg = await startPostgres();
  fake = await startFakeHubspot({ rateLimit: { max: 1_000_000, windowMs: 10_000 } });
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await pg?.stop();
});

async function freshDatabase(): Promise<string> {
  databases += 1;
  const admin = postgres(pg.url, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE delivery_${databases}`);
  await admin.end();
  return pg.url.replace(/\/postgres$/, `/delivery_${databases}`);
}

describe("outage hold", () => {
  it("counts no attempt for the one probe of a hold", async () => {
    let simulated = Date.parse("2026-11-24T09:00:00.000Z");
    const now = () => new Date(simulated);
    const store = createPgLeadStore(await freshDatabase(), { now });
    const env = readLeadsEnv({ ...hubspotServerEnv(fake.origin), HUBSPOT_TIMEOUT_MS: "1000" });
    const down: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    for (let i = 0; i < 3; i += 1)
      await store.add({
        endpoint: "/api/hubspot-newsletter/",
        payload: { email: `p${i}@example.org` },
      });
    // Three unreachable answers in a row: the pass stops and every worker holds.
    const first = await deliverDue({ store, env, fetch: down, now, random: () => 0 });
    expect(first.stopped).toBe("HubSpot looks down");
    // The next pass, inside the hold, sends one probe: the due-first lead, whose failure is not counted.
    simulated += 4000;
    const probe = await deliverDue({ store, env, fetch: down, now, random: () => 0 });
    expect(probe.claimed).toBe(1);
    const records = await store.list();
    expect(records.every((record) => record.status === "pending")).toBe(true);
    expect(records.map((record) => record.attempts)).toEqual([1, 1, 1]);
    // Later passes inside the same hold send nothing.
    simulated += 4000;
    expect((await deliverDue({ store, env, fetch: down, now, random: () => 0 })).claimed).toBe(0);
  });

  it("costs no lead more than the first streak's attempt, however often the hold lapses", async () => {
    let simulated = Date.parse("2026-11-24T09:00:00.000Z");
    const now = () => new Date(simulated);
    const store = createPgLeadStore(await freshDatabase(), { now });
    const env = readLeadsEnv({ ...hubspotServerEnv(fake.origin), HUBSPOT_TIMEOUT_MS: "1000" });
    let sent = 0;
    let up = false;
    const hubspot: typeof fetch = async (input, init) => {
      sent += 1;
      if (!up) throw new TypeError("fetch failed");
      return fetch(input, init);
    };
    for (let i = 0; i < 6; i += 1)
      await store.add({
        endpoint: "/api/hubspot-newsletter/",
        payload: { email: `l${i}@example.org` },
      });
    // Twenty minutes of outage, a pass every 5 s: 40 holds lapse, each followed by one probe.
    for (let t = 0; t < 20 * 60_000; t += 5000) {
      await deliverDue({ store, env, fetch: hubspot, now, random: () => 0 });
      simulated += 5000;
    }
    const during = await store.list();
    expect(during.every((record) => record.status === "pending")).toBe(true);
    expect(Math.max(...during.map((record) => record.attempts))).toBe(1);
    expect(sent).toBeLessThan(3 + 2 * 41);
    // HubSpot answers again: the next probe goes through and the rest of its batch with it.
    up = true;
    for (let pass = 0; pass < 12; pass += 1) {
      await deliverDue({ store, env, fetch: hubspot, now, random: () => 0 });
      simulated += 5000;
    }
    expect((await store.list()).map((record) => record.status)).toEqual(Array(6).fill("forwarded"));
  });
});

describe("backoff", () => {
  it("is full jitter over 1 s · 2^(n-1), capped at 5 minutes", () => {
    expect(backoffDelay(1, () => 0.999)).toBe(999);
    expect(backoffDelay(4, () => 0.5)).toBe(4000);
    expect(backoffDelay(30, () => 0.999)).toBe(299_700);
    expect(backoffDelay(3, () => 0)).toBe(0);
  });

  it("honours Retry-After, gives up after 8 attempts with the reason, and never retries a refusal", () => {
    const at = new Date("2026-11-24T10:00:00.000Z");
    const base = {
      id: "1",
      endpoint: "/api/hubspot/",
      submittedAt: at.toISOString(),
      payload: {},
      status: "pending" as const,
      attempts: 3,
    };
    const later = scheduleAfter(
      base,
      { kind: "deferred", reason: "HubSpot answered 429", rateLimited: true, retryAfterMs: 30_000 },
      at,
      () => 0,
    );
    expect(later).toMatchObject({
      status: "pending",
      attempts: 3,
      nextAttemptAt: "2026-11-24T10:00:30.000Z",
    });
    const last = scheduleAfter(
      { ...base, attempts: 7 },
      { kind: "deferred", reason: "HubSpot answered 500" },
      at,
    );
    expect(last).toMatchObject({
      status: "failed",
      attempts: 8,
      lastError: "gave up after 8 attempts: HubSpot answered 500",
    });
    const refused = scheduleAfter(base, { kind: "failed", reason: "HubSpot answered 404" }, at);
    expect(refused).toMatchObject({
      status: "failed",
      attempts: 4,
      lastError: "HubSpot answered 404",
    });
    expect(refused.nextAttemptAt).toBeUndefined();
    // The one probe of an outage hold is whichever lead is due first: its failure is not counted, or
    // the same lead could spend all 8 attempts on one outage, one probe per hold.
    const probe = scheduleAfter(
      { ...base, attempts: 7 },
      { kind: "deferred", reason: "HubSpot could not be reached" },
      at,
      () => 0,
      true,
    );
    expect(probe).toMatchObject({ status: "pending", attempts: 7 });
  });
});

describe("fault injection on a simulated clock", () => {
  it("600 leads over the nine endpoints, HubSpot's fault mix and a 10-minute outage: none lost, every retryable one forwarded", async () => {
    // LEADS_FAULT_SEED replays another fault sequence; 14 is the one CI runs.
    const random = seeded(Number(process.env.LEADS_FAULT_SEED ?? 14));
    let simulated = Date.parse("2026-11-24T09:00:00.000Z");
    const now = () => new Date(simulated);
    const outage = { from: simulated + 5 * 60_000, to: simulated + 15 * 60_000 };
    const store: LeadStore = createPgLeadStore(await freshDatabase(), { now });
    const env = readLeadsEnv({ ...hubspotServerEnv(fake.origin), HUBSPOT_TIMEOUT_MS: "1000" });
    fake.submissions.length = 0;
    const lostAnswers = new Set<string>();
    const emailOf = (init?: RequestInit) =>
      String(
        (
          JSON.parse(String(init?.body)) as { fields: { name: string; value: string }[] }
        ).fields.find((f) => f.name === "email")?.value,
      );

    /** HubSpot as the issue describes it, per request; slow and reset answers are lost after HubSpot took the lead. */
    const faulty: typeof fetch = async (input, init) => {
      if (simulated >= outage.from && simulated < outage.to) throw new TypeError("fetch failed");
      const roll = random();
      if (roll < 0.15) return new Response("<html>oops</html>", { status: 500 });
      if (roll < 0.25) return new Response("{}", { status: 503, headers: { "retry-after": "5" } });
      if (roll < 0.35) return new Response("{}", { status: 429, headers: { "retry-after": "2" } });
      if (roll < 0.5) {
        const answer = await fetch(input, init);
        await answer.text();
        if (answer.ok) lostAnswers.add(emailOf(init));
        if (roll < 0.45) throw new DOMException("The operation timed out.", "TimeoutError");
        throw new TypeError("fetch failed", { cause: new Error("ECONNRESET") });
      }
      return fetch(input, init);
    };
    const handlers = Object.fromEntries(
      leadEndpoints.map((endpoint) => [
        endpoint,
        createLeadHandler(endpoint, {
          env: () => env,
          store: () => store,
          fetch: faulty,
          now,
          random,
          log: () => {},
        }),
      ]),
    ) as Record<LeadEndpoint, ReturnType<typeof createLeadHandler>>;

    const accepted = new Map<string, { email: string; retryable: boolean }>();
    let lastPass = simulated;
    const pass = () => deliverDue({ store, env, fetch: faulty, now, random });
    for (let i = 0; i < 600; i += 1) {
      const endpoint = leadEndpoints[i % leadEndpoints.length] as LeadEndpoint;
      const permanent = i % 20 === 7;
      const email = permanent ? `invalid@lead${i}.example.org` : `lead${i}@example.org`;
      const response = await handlers[endpoint](
        new Request(`http://site.test${endpoint}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...validBodies[endpoint], email }),
        }),
        { clientIp: `198.51.100.${i % 250}` },
      );
      expect([200, 422]).toContain(response.status);
      if (response.status === 200) {
        const { id } = (await response.json()) as { id: string };
        accepted.set(id, { email, retryable: !permanent });
      }
      simulated += 2000;
      // The worker runs every 4 simulated seconds, as a timer would.
      if (simulated - lastPass >= 4000) {
        lastPass = simulated;
        await pass();
      }
    }
    // Drain: the worker keeps running on the simulated clock until nothing is pending (or 3 simulated hours).
    for (let step = 0; step < 2700; step += 1) {
      simulated += 4000;
      await pass();
      if (step % 100 === 99 && !(await store.list()).some((record) => record.status === "pending"))
        break;
    }

    const records = new Map((await store.list()).map((record) => [record.id, record]));
    const sent = new Map<string, string[]>();
    for (const submission of fake.submissions) {
      const email = submission.values.email ?? "";
      sent.set(email, [...(sent.get(email) ?? []), submission.submittedAt ?? ""]);
    }
    let forwarded = 0;
    for (const [id, lead] of accepted) {
      const record = records.get(id);
      expect(record, `lead ${id} lost`).toBeDefined();
      expect(["forwarded", "failed"]).toContain(record?.status);
      if (record?.status === "failed") expect(record.lastError).toBeTruthy();
      if (lead.retryable) {
        expect(record?.status, `${lead.email}: ${record?.lastError}`).toBe("forwarded");
        forwarded += 1;
        const times = sent.get(lead.email) ?? [];
        expect(times.length).toBeGreaterThanOrEqual(1);
        // Every copy HubSpot got carries the lead's original time.
        expect(new Set(times)).toEqual(new Set([String(Date.parse(record?.submittedAt ?? ""))]));
        if (times.length > 1) expect(lostAnswers.has(lead.email)).toBe(true);
      }
    }
    expect(accepted.size).toBeGreaterThan(570);
    expect(forwarded).toBeGreaterThan(540);
    await store.close();
  }, 180_000);
});

describe("two workers against one PostgreSQL", () => {
  it("never send the same lead twice", async () => {
    const url = await freshDatabase();
    const one = createPgLeadStore(url);
    const two = createPgLeadStore(url);
    const env = readLeadsEnv({ ...hubspotServerEnv(fake.origin), HUBSPOT_MAX_PER_10S: "100000" });
    fake.submissions.length = 0;
    for (let i = 0; i < 150; i += 1) {
      await one.add({
        endpoint: "/api/hubspot-newsletter/",
        payload: { ...validBodies["/api/hubspot-newsletter/"], email: `twin${i}@example.org` },
      });
    }
    const drain = async (store: LeadStore, owner: string) => {
      let sent = 0;
      for (;;) {
        const report = await deliverDue({ store, env, owner }, 10);
        sent += report.sent;
        if (report.claimed === 0) return sent;
      }
    };
    const [a, b] = await Promise.all([drain(one, "worker:one"), drain(two, "worker:two")]);
    expect(a + b).toBe(150);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const emails = fake.submissions.map((item) => item.values.email);
    expect(emails).toHaveLength(150);
    expect(new Set(emails).size).toBe(150);
    expect((await one.list()).every((record) => record.status === "forwarded")).toBe(true);
    await Promise.all([one.close(), two.close()]);
  }, 60_000);
});
