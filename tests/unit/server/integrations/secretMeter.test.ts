// @vitest-environment node
// The meter on the functions that spend a secret: its default limits against what a page really makes
// (see docs/security.md), 429 with Retry-After past them, one budget per IPv6 /64, one per function,
// the same counters for every instance with PostgreSQL, and no outage of its own when they are down.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMeterEnv } from "../../../../src/server/env";
import type { LeadStore } from "../../../../src/server/leads/leadStore";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import { createPgLeadStore } from "../../../../src/server/leads/pgLeadStore";
import { createMeter, meterWindows } from "../../../../src/server/integrations/secretMeter";
import { startPostgres, type TestPostgres } from "../support/postgres";

let pg: TestPostgres;
let folder: string;
beforeAll(async () => {
  pg = await startPostgres();
  folder = mkdtempSync(path.join(os.tmpdir(), "meter-"));
}, 60_000);
afterAll(async () => {
  await pg?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const defaults = readMeterEnv({});

async function burst(
  meter: ReturnType<typeof createMeter>,
  ip: string | null,
  count = 150,
): Promise<Response[]> {
  const refused: Response[] = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await meter("fp-result", ip);
    if (answer) refused.push(answer);
  }
  return refused;
}

describe("the meter", () => {
  it("has limits a page never meets and a burst of 150 always does", () => {
    expect(defaults).toEqual({ perMinute: 120, perHour: 1200 });
    // A page asks each metered function at most twice per identification (docs/security.md).
    expect(defaults.perMinute).toBeGreaterThanOrEqual(2 * 50);
    expect(defaults.perMinute).toBeLessThan(150);
    expect(meterWindows({ perMinute: 0, perHour: 0 })).toEqual([]);
  });

  it("answers 429 with Retry-After and a JSON error past the limit", async () => {
    const store = createFileLeadStore(folder);
    const meter = createMeter({ store: () => store, limits: () => defaults });
    const refused = await burst(meter, "203.0.113.7");
    expect(refused).toHaveLength(30);
    const [first] = refused;
    expect(first?.status).toBe(429);
    expect(Number(first?.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(first?.headers.get("cache-control")).toBe("no-store");
    expect(await first?.json()).toEqual({
      error: {
        code: "too_many_requests",
        message: expect.stringMatching(/Try again in \d+ seconds/),
      },
    });
    // Another function, another address: budgets of their own.
    expect(await meter("amp-exp", "203.0.113.7")).toBeNull();
    expect(await meter("fp-result", "203.0.113.8")).toBeNull();
  });

  it("counts an IPv6 client by its /64, so fresh addresses from one network buy nothing", async () => {
    const store = createFileLeadStore(folder);
    const meter = createMeter({ store: () => store, limits: () => defaults });
    const refused: Response[] = [];
    for (let i = 0; i < 150; i += 1) {
      const answer = await meter("fp-events", `2001:db8:7:7:${i.toString(16)}::1`);
      if (answer) refused.push(answer);
    }
    expect(refused).toHaveLength(30);
    expect(await meter("fp-events", "2001:db8:7:8::1")).toBeNull();
  });

  it("shares one budget between instances through PostgreSQL", async () => {
    const admin = postgres(pg.url, { max: 1, onnotice: () => undefined });
    await admin.unsafe("CREATE DATABASE meter_shared");
    await admin.end();
    const url = pg.url.replace(/\/postgres$/, "/meter_shared");
    const stores: LeadStore[] = [createPgLeadStore(url), createPgLeadStore(url)];
    const [one, two] = stores.map((store) =>
      createMeter({ store: () => store, limits: () => defaults }),
    );
    const refusedOne = await burst(one!, "198.51.100.9", 75);
    const refusedTwo = await burst(two!, "198.51.100.9", 75);
    expect(refusedOne.length + refusedTwo.length).toBe(30);
    expect(refusedTwo).toHaveLength(30);
    await Promise.all(stores.map((store) => store.close()));
  });

  it("lets calls through, and says so once, when its counters are down", async () => {
    const lines: string[] = [];
    const broken = {
      take: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      },
    } as unknown as LeadStore;
    const meter = createMeter({
      store: () => broken,
      limits: () => defaults,
      log: (line) => lines.push(line),
    });
    expect(await meter("greenhouse", "203.0.113.7")).toBeNull();
    expect(await meter("greenhouse", "203.0.113.7")).toBeNull();
    expect(lines).toEqual([expect.stringMatching(/^meter: counters unavailable.*ECONNREFUSED/)]);
  });

  it("counts callers without an address together, and meters nothing with both windows off", async () => {
    const store = createFileLeadStore(folder);
    const meter = createMeter({ store: () => store, limits: () => defaults });
    expect(await burst(meter, null)).toHaveLength(30);
    const off = createMeter({ store: () => store, limits: () => ({ perMinute: 0, perHour: 0 }) });
    expect(await burst(off, "192.0.2.1")).toHaveLength(0);
  });
});
