// @vitest-environment node
// The schedule trigger on a simulated clock, two instances (each server's timer, every minute, both at
// the same moment in the first test) sharing a real PostgreSQL or one machine's files, and the fake build hook on loopback: the build hook
// is called once per due time, and each new build moves the schedule on; a hook that keeps failing is
// retried with backoff, then given up and alerted once.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduleFile } from "../../../../src/data/schedule";
import { readLeadsEnv } from "../../../../src/server/env";
import { runBuildTrigger } from "../../../../src/server/schedule/runner";
import { createFileTriggerStore } from "../../../../src/server/schedule/fileTriggerStore";
import { createPgTriggerStore } from "../../../../src/server/schedule/pgTriggerStore";
import { HOOK_BACKOFF, type TriggerOutcome } from "../../../../src/server/schedule/trigger";
import type { TriggerStore } from "../../../../src/server/schedule/triggerStore";
import { startFakeBuildHook, type FakeBuildHook } from "../../../support/fakes/buildHook";
import { startPostgres, type TestPostgres } from "../../../support/postgres";
import { createSimulation, type Simulation } from "../support/simulation";

const START = Date.parse("2026-12-07T12:00:00.000Z");
const MINUTE = 60_000;
/** How long a build takes from the hook call until the new schedule.json is live. */
const BUILD_MS = 4 * MINUTE;

let pg: TestPostgres;
let databases = 0;
const folders: string[] = [];

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Two stores of one kind over the same place: two instances. */
async function twoStores(kind: "file" | "postgres", sim: Simulation): Promise<TriggerStore[]> {
  if (kind === "file") {
    const folder = mkdtempSync(path.join(os.tmpdir(), "build-triggers-"));
    folders.push(folder);
    return [createFileTriggerStore(folder, sim.now), createFileTriggerStore(folder, sim.now)];
  }
  databases += 1;
  const admin = postgres(pg.url, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE triggers_${databases}`);
  await admin.end();
  const url = pg.url.replace(/\/postgres$/, `/triggers_${databases}`);
  return [createPgTriggerStore(url, { now: sim.now }), createPgTriggerStore(url, { now: sim.now })];
}

/**
 * The site as the trigger sees it: each build's schedule.json names the first due time after it, and a
 * build goes live BUILD_MS after the hook call that started it.
 */
function site(sim: Simulation, hook: FakeBuildHook, dues: number[]) {
  return async (): Promise<ScheduleFile> => {
    const live = hook.calls.filter(
      (call) => call.answered === 200 && call.at + BUILD_MS <= sim.now().getTime(),
    );
    const builtAt = live.length > 0 ? (live[live.length - 1]?.at ?? START) : START;
    const next = dues.find((due) => due > builtAt);
    return { nextBuildAt: next === undefined ? null : new Date(next).toISOString() };
  };
}

function instance(
  store: TriggerStore,
  sim: Simulation,
  hook: FakeBuildHook,
  schedule: () => Promise<ScheduleFile>,
  options: { startMs: number; untilMs: number; outcomes: TriggerOutcome[] },
) {
  const env = readLeadsEnv({
    BUILD_HOOK_URL: hook.hookUrl,
    BUILD_HOOK_TIMEOUT_MS: "2000",
    LEADS_ALERT_WEBHOOK_URL: hook.alertUrl,
  });
  return async () => {
    await sim.sleep(options.startMs);
    while (sim.now().getTime() < options.untilMs) {
      options.outcomes.push(await runBuildTrigger(env, schedule, { store, now: sim.now }));
      await sim.sleep(MINUTE);
    }
  };
}

describe.each(["file", "postgres"] as const)("with the %s store", (kind) => {
  it("two instances call the build hook once per due time, each after it falls due", async () => {
    const sim = createSimulation(START);
    const hook = await startFakeBuildHook(() => sim.now().getTime());
    const stores = await twoStores(kind, sim);
    // Three entries due: at 13:00, at 13:00:30 (inside that build, so published by the next one), at 18:00.
    const dues = [START + 60 * MINUTE, START + 60 * MINUTE + 30_000, START + 6 * 60 * MINUTE];
    const schedule = site(sim, hook, dues);
    const outcomes: TriggerOutcome[] = [];
    const untilMs = START + 8 * 60 * MINUTE;
    await sim.run(
      stores.map((store) =>
        instance(store, sim, hook, schedule, { startMs: 0, untilMs, outcomes }),
      ),
    );
    const calledAt = hook.calls.map((call) => new Date(call.at).toISOString());
    // 13:00 and 13:00:30 (due while the first build ran, so its build is the second call) and 18:00.
    expect(calledAt).toHaveLength(3);
    expect(hook.calls[0]?.at).toBeGreaterThanOrEqual(dues[0] ?? 0);
    expect(hook.calls[0]?.at).toBeLessThan((dues[0] ?? 0) + MINUTE);
    expect(hook.calls[1]?.at).toBeGreaterThanOrEqual((hook.calls[0]?.at ?? 0) + BUILD_MS);
    expect(hook.calls[2]?.at).toBeGreaterThanOrEqual(dues[2] ?? 0);
    expect(hook.calls[2]?.at).toBeLessThan((dues[2] ?? 0) + MINUTE);
    const triggers = await stores[0]?.list();
    expect(triggers?.map((t) => [t.status, t.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
      ["sent", 1],
    ]);
    expect(outcomes.filter((o) => o.result === "sent")).toHaveLength(3);
    expect(hook.alerts).toEqual([]);
    await Promise.all(stores.map((store) => store.close()));
    await hook.close();
  }, 120_000);

  it("a hook that keeps failing is retried with backoff, then given up and alerted once", async () => {
    const sim = createSimulation(START);
    const hook = await startFakeBuildHook(() => sim.now().getTime());
    hook.setMode("error");
    const stores = await twoStores(kind, sim);
    const due = START + 10 * MINUTE;
    const schedule = site(sim, hook, [due]);
    const outcomes: TriggerOutcome[] = [];
    const untilMs = START + 3 * 60 * MINUTE;
    await sim.run(
      stores.map((store, i) =>
        instance(store, sim, hook, schedule, { startMs: i * 30_000, untilMs, outcomes }),
      ),
    );
    expect(hook.calls).toHaveLength(HOOK_BACKOFF.maxAttempts);
    // Each retry waits its backoff (1, 2, 4, 8, 16 minutes), give or take a pass of the timers.
    const gaps = hook.calls
      .slice(1)
      .map((call, i) => (call.at - (hook.calls[i]?.at ?? 0)) / MINUTE);
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(2 ** i);
      expect(gap).toBeLessThan(2 ** i + 1);
    });
    const [trigger] = (await stores[1]?.list()) ?? [];
    expect(trigger?.status).toBe("failed");
    expect(trigger?.lastError).toMatch(/gave up after 6 attempts: build hook answered 500/);
    expect(hook.alerts).toHaveLength(1);
    expect(hook.alerts[0]).toContain(new Date(due).toISOString());
    expect(outcomes.filter((o) => o.result === "failed")).toHaveLength(1);
    await Promise.all(stores.map((store) => store.close()));
    await hook.close();
  }, 120_000);
});
