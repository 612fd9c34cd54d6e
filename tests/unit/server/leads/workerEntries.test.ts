// @vitest-environment node
// The scheduled entry points of the delivery worker as the hosts call them: Vercel's cron (GET with the
// CRON_SECRET bearer) and Netlify's scheduled function, each delivering a due lead to the fake HubSpot.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as vercelCron } from "../../../../api/leads-worker";
import netlifySchedule, { config as netlifyConfig } from "../../../../functions/leads-worker";
import { readLeadsEnv } from "../../../../src/server/env";
import { createLeadHandler } from "../../../../src/server/leads/handler";
import { closeLeadStores } from "../../../../src/server/leads/openLeadStore";
import { sameSecret } from "../../../../src/server/leads/workerRunner";
import { FUNCTION_HEADERS } from "../../../../src/security/headers";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import {
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { validBodies } from "../../leads/samples";

const SECRET = "cron-secret-for-tests";
let fake: FakeHubspot;
let dir: string;

beforeAll(async () => {
  fake = await startFakeHubspot({ rateLimit: { max: 1000, windowMs: 10_000 } });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "worker-entries-"));
  fake.setMode("ok");
  fake.submissions.length = 0;
  for (const [name, value] of Object.entries(hubspotServerEnv(fake.origin)))
    vi.stubEnv(name, value);
  vi.stubEnv("HUBSPOT_TIMEOUT_MS", "1000");
  vi.stubEnv("LEADS_STORE_DIR", dir);
  vi.stubEnv("DATABASE_URL", "");
});
afterEach(async () => {
  await closeLeadStores();
  rmSync(dir, { recursive: true, force: true });
});

/** A lead accepted while HubSpot was down, then made due now (its jittered retry lies up to 1 s ahead). */
async function dueLead(): Promise<string> {
  fake.setMode("down");
  const env = readLeadsEnv();
  const response = await createLeadHandler("/api/hubspot-support/", {
    env: () => env,
    log: () => {},
  })(
    new Request("http://site.test/api/hubspot-support/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validBodies["/api/hubspot-support/"]),
    }),
  );
  fake.setMode("ok");
  const { id } = (await response.json()) as { id: string };
  const store = createFileLeadStore(dir);
  const record = (await store.list()).find((item) => item.id === id);
  expect(record?.status).toBe("pending");
  if (record)
    await store.update({ ...record, nextAttemptAt: new Date(Date.now() - 1000).toISOString() });
  return id;
}

const statusOf = async (id: string) =>
  (await createFileLeadStore(dir).list()).find((item) => item.id === id)?.status;

describe("Vercel cron: GET /api/leads-worker", () => {
  const call = (authorization?: string) =>
    vercelCron(
      new Request("http://site.test/api/leads-worker", {
        headers: authorization ? { authorization } : {},
      }),
    );

  it("refuses to run without CRON_SECRET, and with a wrong or missing bearer", async () => {
    const id = await dueLead();
    vi.stubEnv("CRON_SECRET", "");
    expect((await call(`Bearer ${SECRET}`)).status).toBe(503);
    vi.stubEnv("CRON_SECRET", SECRET);
    const wrong = await call("Bearer not-the-secret");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: "unauthorized" } });
    expect((await call()).status).toBe(401);
    // A prefix, a longer value, another scheme: all refused, compared as whole digests.
    for (const near of [
      `Bearer ${SECRET.slice(0, -1)}`,
      `Bearer ${SECRET}x`,
      SECRET,
      `bearer ${SECRET}`,
    ])
      expect((await call(near)).status).toBe(401);
    expect(await statusOf(id)).toBe("pending");
    expect(fake.submissions).toHaveLength(0);
  });

  it("delivers the due lead when the scheduler calls with its secret", async () => {
    const id = await dueLead();
    vi.stubEnv("CRON_SECRET", SECRET);
    const answer = await call(`Bearer ${SECRET}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toMatchObject({ forwarded: 1, failed: 0 });
    expect(await statusOf(id)).toBe("forwarded");
    expect(fake.submissions).toHaveLength(1);
  });
});

describe("Vercel cron: the functions' security headers on every answer", () => {
  const call = (authorization?: string) =>
    vercelCron(
      new Request("http://site.test/api/leads-worker", {
        headers: authorization ? { authorization } : {},
      }),
    );

  it("503, 401, 200 and a failure alike, the failure without its exception", async () => {
    vi.stubEnv("CRON_SECRET", "");
    const answers = [await call()];
    vi.stubEnv("CRON_SECRET", SECRET);
    answers.push(await call("Bearer wrong"), await call(`Bearer ${SECRET}`));
    // A lead store that cannot be read (a file where its folder should be) makes the worker throw.
    const file = path.join(dir, "not-a-folder");
    writeFileSync(file, "x");
    vi.stubEnv("LEADS_STORE_DIR", file);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = await call(`Bearer ${SECRET}`);
    answers.push(failed);
    expect(answers.map((answer) => answer.status)).toEqual([503, 401, 200, 500]);
    for (const answer of answers)
      for (const [name, value] of Object.entries(FUNCTION_HEADERS))
        expect(answer.headers.get(name), name).toBe(value);
    expect(await failed.text()).not.toMatch(/ENOTDIR|not-a-folder|at /);
    expect(logged).toHaveBeenCalled();
  });
});

describe("sameSecret", () => {
  it("compares in constant time over digests, whatever the lengths", () => {
    expect(sameSecret("Bearer abc", "Bearer abc")).toBe(true);
    expect(sameSecret("Bearer ab", "Bearer abc")).toBe(false);
    expect(sameSecret("", "Bearer abc")).toBe(false);
    expect(sameSecret("x".repeat(100_000), "Bearer abc")).toBe(false);
  });
});

describe("Netlify scheduled function", () => {
  it("is scheduled every minute and delivers the due lead", async () => {
    expect(netlifyConfig).toEqual({ schedule: "* * * * *" });
    const id = await dueLead();
    vi.spyOn(console, "log").mockImplementation(() => {});
    const answer = await netlifySchedule();
    expect(answer.status).toBe(204);
    expect(await statusOf(id)).toBe("forwarded");
    expect(fake.submissions).toHaveLength(1);
  });
});
