// @vitest-environment node
// The schedule trigger's entry points as the hosts call them: Vercel's cron (GET with the CRON_SECRET bearer)
// and Netlify's scheduled function, each reading the deployed schedule.json and calling the fake build hook
// once for a due time; the Node server's timer reads its own build's file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as vercelCron } from "../../../../api/build-trigger";
import netlifySchedule, { config as netlifyConfig } from "../../../../functions/build-trigger";
import { readLeadsEnv } from "../../../../src/server/env";
import { closeTriggerStores } from "../../../../src/server/schedule/openTriggerStore";
import { startScheduleTimer } from "../../../../src/server/schedule/runner";
import { startFakeBuildHook, type FakeBuildHook } from "../../../support/fakes/buildHook";

const SECRET = "cron-secret-for-tests";
const DUE = '{"nextBuildAt":"2026-01-01T00:00:00.000Z"}';
let hook: FakeBuildHook;
let dir: string;

beforeAll(async () => {
  hook = await startFakeBuildHook();
});
afterAll(async () => {
  await hook.close();
});
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "trigger-entries-"));
  hook.calls.length = 0;
  vi.stubEnv("BUILD_HOOK_URL", hook.hookUrl);
  vi.stubEnv("SITE_URL", hook.origin);
  vi.stubEnv("LEADS_STORE_DIR", path.join(dir, "leads"));
  vi.stubEnv("DATABASE_URL", "");
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(async () => {
  await closeTriggerStores();
  rmSync(dir, { recursive: true, force: true });
});

describe("Vercel cron: GET /api/build-trigger", () => {
  const call = (authorization?: string) =>
    vercelCron(
      new Request("http://site.test/api/build-trigger", {
        headers: authorization ? { authorization } : {},
      }),
    );

  it("refuses without CRON_SECRET and with a wrong bearer, and calls nothing", async () => {
    hook.schedule.body = DUE;
    vi.stubEnv("CRON_SECRET", "");
    expect((await call(`Bearer ${SECRET}`)).status).toBe(503);
    vi.stubEnv("CRON_SECRET", SECRET);
    const refused = await call("Bearer wrong");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: "unauthorized" } });
    expect(hook.calls).toHaveLength(0);
  });

  it("with the secret: calls the hook once for a due time, then waits", async () => {
    hook.schedule.body = DUE;
    vi.stubEnv("CRON_SECRET", SECRET);
    const first = await call(`Bearer ${SECRET}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ result: "sent", dueAt: "2026-01-01T00:00:00.000Z" });
    expect(await (await call(`Bearer ${SECRET}`)).json()).toMatchObject({ result: "waiting" });
    expect(hook.calls).toHaveLength(1);
  });

  it("does nothing when nothing is scheduled, or the schedule is not one", async () => {
    vi.stubEnv("CRON_SECRET", SECRET);
    hook.schedule.body = '{"nextBuildAt":null}';
    expect(await (await call(`Bearer ${SECRET}`)).json()).toMatchObject({ result: "idle" });
    hook.schedule.body = "<html>not json</html>";
    expect(await (await call(`Bearer ${SECRET}`)).json()).toMatchObject({ result: "no schedule" });
    expect(hook.calls).toHaveLength(0);
  });
});

describe("Netlify scheduled function", () => {
  it("runs every minute and calls the hook once for a due time", async () => {
    expect(netlifyConfig).toEqual({ schedule: "* * * * *" });
    hook.schedule.body = DUE;
    expect((await netlifySchedule()).status).toBe(204);
    expect((await netlifySchedule()).status).toBe(204);
    expect(hook.calls).toHaveLength(1);
  });
});

describe("the Node server's timer", () => {
  it("reads its own build's schedule.json and calls the hook once", async () => {
    writeFileSync(path.join(dir, "schedule.json"), DUE);
    const lines: string[] = [];
    const stop = startScheduleTimer(readLeadsEnv(), dir, (line) => lines.push(line), 3_600_000);
    await stop();
    expect(hook.calls).toHaveLength(1);
    expect(lines).toEqual(["build trigger: sent (due 2026-01-01T00:00:00.000Z)"]);
  });
});
