// @vitest-environment node
// The meter on the functions that spend a secret: its default limits against what a page really makes
// (see docs/security.md), 429 with Retry-After past them, one budget per IPv6 /64 and per secret (not per
// function), a second count per /48 and /24, a ceiling per secret with one alert per window, the same
// counters for every instance with PostgreSQL, and no outage of its own when they are down.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readMeterEnv } from "../../../../src/server/env";
import type { LeadStore } from "../../../../src/server/leads/leadStore";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import { createPgLeadStore } from "../../../../src/server/leads/pgLeadStore";
import { createMeter, meterWindows } from "../../../../src/server/integrations/secretMeter";
import { startPostgres, type TestPostgres } from "../../../support/postgres";

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
    expect(defaults).toEqual({
      perMinute: 120,
      perHour: 1200,
      networkMultiplier: 4,
      ceilingPerMinute: 1200,
      ceilingPerHour: 24_000,
    });
    // The demo spends three Server API calls per identification (docs/security.md).
    expect(defaults.perMinute).toBeGreaterThanOrEqual(3 * 40);
    expect(defaults.perMinute).toBeLessThan(150);
    expect(meterWindows({ ...defaults, perMinute: 0, perHour: 0 })).toEqual([]);
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
    // Another secret, another address: budgets of their own.
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

  it("gives the functions that spend one secret one budget per caller, not one each", async () => {
    const store = createFileLeadStore(folder);
    const meter = createMeter({ store: () => store, limits: () => defaults });
    const serverApi = ["fp-events", "fp-events-direct", "fp-visits"] as const;
    let passed = 0;
    for (let i = 0; i < 150; i += 1) {
      if ((await meter(serverApi[i % 3]!, "198.51.100.20")) === null) passed += 1;
    }
    expect(passed).toBe(defaults.perMinute);
    // The ingestion quota and Amplitude's key are other secrets, with budgets of their own.
    expect(await meter("fp-result", "198.51.100.20")).toBeNull();
    expect(await meter("amp-exp", "198.51.100.20")).toBeNull();
  });

  // Small numbers, so each case is a few hundred calls: a caller 10 a minute, its network 4 times that.
  const small = { ...defaults, perMinute: 10, perHour: 0, ceilingPerMinute: 0, ceilingPerHour: 0 };

  it.each([
    [
      "IPv6: 20 /64s of one /48",
      (i: number) => `2001:db8:48:${i.toString(16)}::1`,
      "2001:db8:49::1",
    ],
    ["IPv4: 20 addresses of one /24", (i: number) => `192.0.2.${i + 1}`, "192.0.3.1"],
  ])("counts a network again, at 4 times a caller's budget (%s)", async (_label, caller, other) => {
    const store = createFileLeadStore(folder);
    const meter = createMeter({ store: () => store, limits: () => small });
    let passed = 0;
    for (let i = 0; i < 20; i += 1) {
      for (let call = 0; call < 10; call += 1) {
        if ((await meter("fp-events", caller(i))) === null) passed += 1;
      }
    }
    expect(passed).toBe(4 * small.perMinute);
    // The next network is another budget.
    expect(await meter("fp-events", other)).toBeNull();
    // METER_NETWORK_MULTIPLIER narrows it; it never goes past 4.
    expect(readMeterEnv({ METER_NETWORK_MULTIPLIER: "2" }).networkMultiplier).toBe(2);
    expect(() => readMeterEnv({ METER_NETWORK_MULTIPLIER: "5" })).toThrow(
      /METER_NETWORK_MULTIPLIER must be an integer from 1 to 4, got "5"/,
    );
  });

  it("stops every caller at the ceiling per secret, and alerts once per window, across instances", async () => {
    const store = createFileLeadStore(folder);
    const limits = { ...small, ceilingPerMinute: 25 };
    const alerts: string[] = [];
    const deps = {
      store: () => store,
      limits: () => limits,
      alert: async (text: string) => void alerts.push(text),
    };
    const [one, two] = [createMeter(deps), createMeter(deps)];
    // A caller past its own budget spends none of the ceiling: 10 of its 30 calls count.
    expect(await burst(one, "203.0.113.100", 30)).toHaveLength(20);
    // Callers from other networks share what is left: 15.
    let passed = 0;
    const refused: Response[] = [];
    for (let i = 0; i < 30; i += 1) {
      const answer = await (i % 2 ? one : two)("fp-result", `10.${i}.0.1`);
      if (answer) refused.push(answer);
      else passed += 1;
    }
    expect(passed).toBe(15);
    expect(refused[0]?.status).toBe(429);
    expect(Number(refused[0]?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused[0]?.json()) as { error: { message: string } }).error.message).toMatch(
      /too many requests from everyone/,
    );
    // Fifteen refusals from two instances, one alert, naming the key by its variable, never its value.
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatch(/FPJS_PROXY_SECRET.*25 a minute.*METER_CEILING_PER_MINUTE/);
    // Another secret has a ceiling of its own.
    expect(await one("amp-exp", "10.99.0.1")).toBeNull();
  });

  it("sends the ceiling's alert where failed leads go (LEADS_ALERT_WEBHOOK_URL)", async () => {
    const posted: string[] = [];
    const webhook = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        posted.push(body);
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
    vi.stubEnv(
      "LEADS_ALERT_WEBHOOK_URL",
      `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`,
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const store = createFileLeadStore(folder);
      const meter = createMeter({
        store: () => store,
        limits: () => ({ ...small, ceilingPerMinute: 1 }),
      });
      expect(await meter("amp-exp", "203.0.113.200")).toBeNull();
      expect((await meter("amp-exp", "203.0.113.201"))?.status).toBe(429);
      expect((await meter("amp-exp", "203.0.113.202"))?.status).toBe(429);
      expect(posted).toHaveLength(1);
      expect(JSON.parse(posted[0] ?? "{}")).toEqual({
        text: expect.stringMatching(/AMPLITUDE_API_KEY.*1 a minute/),
      });
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(/^meter alert: .*AMPLITUDE_API_KEY/),
      );
    } finally {
      logged.mockRestore();
      vi.unstubAllEnvs();
      await new Promise((resolve) => webhook.close(resolve));
    }
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
    const off = createMeter({
      store: () => store,
      limits: () => ({
        ...defaults,
        perMinute: 0,
        perHour: 0,
        ceilingPerMinute: 0,
        ceilingPerHour: 0,
      }),
    });
    expect(await burst(off, "192.0.2.1")).toHaveLength(0);
  });
});
