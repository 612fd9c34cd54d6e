// @vitest-environment node
// Idempotency-Key replays and the limits per email and per address on the real lead handler (file store, shared PostgreSQL), and --check.
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

type Refusal = { error: { code: string; message: string } };

describe("limits that tell a colleague from a repeat", () => {
  it("a repeat of one email is refused after 3 an hour while a colleague at the same address is not", async () => {
    const store = createFileLeadStore(dir, now);
    const ip = "203.0.113.7";
    const repeat = { ...body, email: "same.person@example.org" };
    for (let i = 0; i < 3; i += 1) {
      const answer = await post(store, { ...repeat, description: `Try ${i}.` }, {}, ip);
      expect(answer.status, `submission ${i}`).toBe(200);
    }
    // Twenty more of the same address (any letter case, new keys each time): all refused.
    for (let i = 0; i < 20; i += 1) {
      const again = await post(store, { ...repeat, email: "Same.Person@example.org " }, {}, ip);
      expect(again.status).toBe(429);
      const error = ((await again.json()) as Refusal).error;
      expect(error.code).toBe("repeated_submission");
      expect(error.message).toBe(
        "This form was just sent several times with this email address. Please wait an hour before sending it again.",
      );
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(3000);
    }
    // The form's state machine shows the server's words as the failure, not a generic error.
    const refusal = await post(store, repeat, {}, ip);
    const { error } = (await refusal.json()) as Refusal;
    expect(eventForAnswer({ status: 429, body: { error } }, ["email"])).toEqual({
      type: "failed",
      message: error.message,
      fieldErrors: {},
    });
    // The refused repeats cost the address nothing: 27 colleagues still fit its 30 a minute.
    for (let i = 0; i < 27; i += 1) {
      const colleague = await post(store, { ...body, email: `colleague${i}@example.org` }, {}, ip);
      expect(colleague.status, `colleague ${i}`).toBe(200);
    }
    expect(await store.list()).toHaveLength(30);
  });

  it("a retry with the same Idempotency-Key is answered from the store and counts against nothing", async () => {
    const store = createFileLeadStore(dir, now);
    const ip = "203.0.113.9";
    const key = { "idempotency-key": "7a0c1c52-3a0e-4b8e-9e4b-0d1f2a3b4c5d" };
    expect((await post(store, body, key, ip)).status).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      const replay = await post(store, body, key, ip);
      expect(replay.status).toBe(200);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
    }
    // Two more submissions of that email still fit: the replays were not counted.
    expect((await post(store, { ...body, description: "Second." }, {}, ip)).status).toBe(200);
    expect((await post(store, { ...body, description: "Third." }, {}, ip)).status).toBe(200);
    expect((await post(store, { ...body, description: "Fourth." }, {}, ip)).status).toBe(429);
    expect(await store.list()).toHaveLength(3);
  });

  it("an office: 100 colleagues in a minute from five addresses all accepted, on two instances sharing PostgreSQL", async () => {
    const one = createPgLeadStore(pg.url, { now });
    const two = createPgLeadStore(pg.url, { now });
    const office = ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4", "198.51.100.5"];
    for (let i = 0; i < 100; i += 1) {
      const answer = await post(
        i % 2 === 0 ? one : two,
        { ...body, email: `office${i}@example.org` },
        {},
        office[i % 5] ?? "",
      );
      expect(answer.status, `colleague ${i}`).toBe(200);
      time += 500;
    }
    // 20 from each address so far: ten more from the first fill its 30 a minute; the next is refused.
    for (let i = 0; i < 10; i += 1)
      expect(
        (await post(one, { ...body, email: `late${i}@example.org` }, {}, office[0])).status,
      ).toBe(200);
    const limited = await post(two, { ...body, email: "one.more@example.org" }, {}, office[0]);
    expect(limited.status).toBe(429);
    const error = ((await limited.json()) as Refusal).error;
    expect(error.code).toBe("too_many_submissions");
    expect(error.message).toBe(
      "Too many sign-ups from your network just now; please try again in a minute.",
    );
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // Another address of the office is not affected.
    expect(
      (await post(one, { ...body, email: "one.more@example.org" }, {}, office[1])).status,
    ).toBe(200);
    await Promise.all([one.close(), two.close()]);
  });

  it("the hourly ceiling of one address still stops a flood of distinct emails: 300 an hour", async () => {
    const store = createFileLeadStore(dir, now);
    const ip = "192.0.2.50";
    for (let i = 0; i < 300; i += 1) {
      const answer = await post(store, { ...body, email: `flood${i}@example.org` }, {}, ip);
      expect(answer.status, `submission ${i}`).toBe(200);
      // 25 a minute: under the minute's limit, so only the hour's can stop them.
      time += 2_400;
    }
    const limited = await post(store, { ...body, email: "flood300@example.org" }, {}, ip);
    expect(limited.status).toBe(429);
    // 300 counted over the last 12 minutes: the oldest leaves the hour in 48 minutes.
    expect(Number(limited.headers.get("retry-after"))).toBe(48 * 60);
    expect(((await limited.json()) as Refusal).error.message).toBe(
      "Too many sign-ups from your network just now; please try again in 48 minutes.",
    );
  }, 120_000);
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
