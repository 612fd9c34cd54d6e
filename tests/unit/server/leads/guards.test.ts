// @vitest-environment node
// Idempotency-Key replays and per-IP abuse limits on the real lead handler (file store, shared PostgreSQL), and --check.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readLeadsEnv, type LeadsEnv } from "../../../../src/server/env";
import { createLeadHandler } from "../../../../src/server/leads/handler";
import { readIdempotencyKey } from "../../../../src/server/leads/guards";
import type { LeadStore } from "../../../../src/server/leads/leadStore";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import { createPgLeadStore } from "../../../../src/server/leads/pgLeadStore";
import { checkForms, formatChecks } from "../../../../src/server/cli/hubspotFormCheck";
import {
  FAKE_HUBSPOT_TOKEN,
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { validBodies } from "../../leads/samples";
import { startPostgres, type TestPostgres } from "../../../support/postgres";
import { eventForAnswer } from "../../../../src/forms/formState";

const endpoint = "/api/hubspot-support/" as const;
let fake: FakeHubspot;
let pg: TestPostgres;
let dir: string;
let env: LeadsEnv;
let time = Date.parse("2026-11-24T10:00:00.000Z");
const now = () => new Date(time);

beforeAll(async () => {
  fake = await startFakeHubspot({ rateLimit: { max: 100_000, windowMs: 10_000 } });
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await fake.close();
  await pg.stop();
});
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "guards-"));
  fake.setMode("ok");
  fake.submissions.length = 0;
  env = readLeadsEnv({ ...hubspotServerEnv(fake.origin), LEADS_STORE_DIR: dir });
  return () => rmSync(dir, { recursive: true, force: true });
});

function post(
  store: LeadStore,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  clientIp: string | null = null,
) {
  const handler = createLeadHandler(endpoint, {
    env: () => env,
    store: () => store,
    now,
    log: () => {},
  });
  return handler(
    new Request(`http://site.test${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    { clientIp },
  );
}

const body = validBodies[endpoint];

describe("Idempotency-Key", () => {
  it("the same key and body, even at once: one lead, one HubSpot call, the same answer", async () => {
    const store = createFileLeadStore(dir, now);
    const key = { "idempotency-key": "6f1c1c52-3a0e-4b8e-9e4b-0d1f2a3b4c5d" };
    const answers = await Promise.all([post(store, body, key), post(store, body, key)]);
    const again = await post(store, { ...body }, key);
    const texts = await Promise.all([...answers, again].map((answer) => answer.json()));
    expect([...answers, again].map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(texts.map((item) => JSON.stringify(item))).size).toBe(1);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await store.list()).toHaveLength(1);
    expect(fake.submissions).toHaveLength(1);
  });

  it("replays a refusal too: a rejected email gets the same 422 without a second HubSpot call", async () => {
    const store = createFileLeadStore(dir, now);
    const key = { "idempotency-key": "k-rejected" };
    const invalid = { ...body, email: "invalid@example.com" };
    const first = await post(store, invalid, key);
    const second = await post(store, invalid, key);
    expect(first.status).toBe(422);
    expect(second.status).toBe(422);
    expect(await second.json()).toEqual(await first.json());
    expect(await store.list()).toHaveLength(1);
  });

  it("the same key with another body is refused with 422 and stores nothing", async () => {
    const store = createFileLeadStore(dir, now);
    const key = { "idempotency-key": "k-changed" };
    expect((await post(store, body, key)).status).toBe(200);
    const changed = await post(store, { ...body, description: "Something else entirely." }, key);
    expect(changed.status).toBe(422);
    expect(((await changed.json()) as { error: { code: string } }).error.code).toBe(
      "idempotency_key_reused",
    );
    expect(await store.list()).toHaveLength(1);
    expect(fake.submissions).toHaveLength(1);
  });

  it("after 24 h the key starts a new submission", async () => {
    const store = createFileLeadStore(dir, now);
    const key = { "idempotency-key": "k-old" };
    await post(store, body, key);
    time += 24 * 3_600_000 + 1000;
    expect((await post(store, body, key)).status).toBe(200);
    expect(await store.list()).toHaveLength(2);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["quoted empty", '""'],
  ])("an %s key is refused with a 400 JSON error, and nothing is stored", async (_label, value) => {
    const store = createFileLeadStore(dir, now);
    const response = await post(store, body, { "idempotency-key": value });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_idempotency_key" } });
    expect(await store.list()).toHaveLength(0);
  });

  it("a malformed key is a 400, not a silent drop", async () => {
    const request = new Request("http://x/", { headers: { "idempotency-key": "a b" } });
    const answer = readIdempotencyKey(request) as Response;
    expect(answer.status).toBe(400);
    expect(readIdempotencyKey(new Request("http://x/"))).toBeNull();
    expect(
      readIdempotencyKey(new Request("http://x/", { headers: { "idempotency-key": '"abc"' } })),
    ).toBe("abc");
  });
});

describe("abuse limits per client IP and endpoint", () => {
  it("5 a minute, then 429 with Retry-After and a message the form shows; other IPs are not affected", async () => {
    const store = createFileLeadStore(dir, now);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post(store, { ...body, email: `a${i}@example.org` }, {}, "203.0.113.7")).status,
      ).toBe(200);
    }
    const limited = await post(store, { ...body, email: "a6@example.org" }, {}, "203.0.113.7");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    const error = ((await limited.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("too_many_submissions");
    expect(error.message).toMatch(/Please wait a minute and try again/);
    // The form's state machine shows the server's words as the failure, not a generic error.
    expect(eventForAnswer({ status: 429, body: { error } }, ["email"])).toEqual({
      type: "failed",
      message: error.message,
      fieldErrors: {},
    });
    expect((await post(store, body, {}, "203.0.113.8")).status).toBe(200);
    expect(await store.list()).toHaveLength(6);
  });

  it("20 an hour, and the counters are shared by every instance using the same PostgreSQL", async () => {
    const url = pg.url;
    const one = createPgLeadStore(url, { now });
    const two = createPgLeadStore(url, { now });
    const ip = "198.51.100.20";
    for (let i = 0; i < 20; i += 1) {
      const answer = await post(
        i % 2 === 0 ? one : two,
        { ...body, email: `h${i}@example.org` },
        {},
        ip,
      );
      expect(answer.status, `submission ${i}`).toBe(200);
      time += 150_000;
    }
    const limited = await post(two, { ...body, email: "h21@example.org" }, {}, ip);
    expect(limited.status).toBe(429);
    // 20 counted over the last 50 minutes: the oldest leaves the hour in 10 minutes.
    expect(limited.headers.get("retry-after")).toBe("600");
    expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(
      /Please wait 10 minutes/,
    );
    await Promise.all([one.close(), two.close()]);
  });
});

describe("npm run leads -- --check", () => {
  it("lists, per configured form, the properties the site would send that the form lacks", async () => {
    const checked = readLeadsEnv({
      ...hubspotServerEnv(fake.origin),
      HUBSPOT_CRM_API_URL: fake.origin,
      HUBSPOT_TOKEN: FAKE_HUBSPOT_TOKEN,
      HUBSPOT_WEBINAR_FORM_IDS: "",
    });
    const guid = checked.hubspot.forms.press ?? "";
    fake.defineForm(guid, { fields: [{ name: "email", required: true }, { name: "message" }] });
    const checks = await checkForms(checked);
    fake.resetForms();
    const press = checks.find((check) => check.hubspotForm === "press");
    expect(press?.missing.sort()).toEqual(["ipRegion", "utm_info", "visitorId"]);
    expect(
      checks
        .filter((check) => check.hubspotForm !== "press")
        .every((check) => check.missing.length === 0 && !check.error),
    ).toBe(true);
    expect(formatChecks(checks)).toMatch(
      /press\s+\S+\s+the form lacks: (utm_info|visitorId|ipRegion)/,
    );
    // A map that drops them makes the form fit.
    const fixed = {
      ...checked,
      hubspot: {
        ...checked.hubspot,
        fieldMap: { press: { utm_info: null, visitorId: null, ipRegion: null } },
      },
    };
    fake.defineForm(guid, { fields: [{ name: "email", required: true }, { name: "message" }] });
    expect(
      (await checkForms(fixed)).find((check) => check.hubspotForm === "press")?.missing,
    ).toEqual([]);
    fake.resetForms();
  });
});
