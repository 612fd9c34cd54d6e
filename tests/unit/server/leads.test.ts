// @vitest-environment node
// Tests the lead endpoints: stored first, forwarded to a fake HubSpot on loopback, every bad-input class refused.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leadEndpoints, type LeadEndpoint } from "../../../src/forms/schemas";
import { readLeadsEnv, type LeadsEnv } from "../../../src/server/env";
import { findFunction } from "../../../src/server/functions";
import { createLeadHandler } from "../../../src/server/handlers/leads";
import { createFileOutbox } from "../../../src/server/outbox";
import { hubspotServerEnv, startFakeHubspot, type FakeHubspot } from "../../fakes/hubspot";
import { validBodies } from "../forms/samples";

let fake: FakeHubspot;
let dir: string;
let env: LeadsEnv;
const lines: string[] = [];

beforeAll(async () => {
  fake = await startFakeHubspot({ rateLimit: { max: 1000, windowMs: 10_000 } });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "leads-"));
  fake.setMode("ok");
  fake.submissions.length = 0;
  lines.length = 0;
  env = readLeadsEnv({
    ...hubspotServerEnv(fake.origin),
    HUBSPOT_TIMEOUT_MS: "300",
    LEADS_OUTBOX_DIR: dir,
    SITE_URL: "https://www.example.com",
  });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const handlerFor = (endpoint: LeadEndpoint, overrides: Partial<LeadsEnv> = {}) =>
  createLeadHandler(endpoint, {
    env: () => ({ ...env, ...overrides }),
    log: (line) => lines.push(line),
  });

const post = (
  endpoint: LeadEndpoint,
  body: unknown,
  init: { headers?: Record<string, string>; raw?: string; method?: string } = {},
) =>
  handlerFor(endpoint)(
    new Request(`http://site.test${endpoint}`, {
      method: init.method ?? "POST",
      headers: { "content-type": "application/json", ...init.headers },
      ...(init.method === "GET" ? {} : { body: init.raw ?? JSON.stringify(body) }),
    }),
  );

const stored = () => createFileOutbox(dir).list();

describe("accepting a lead", () => {
  it.each(leadEndpoints)("%s stores the lead, forwards it and answers ok", async (endpoint) => {
    const response = await post(endpoint, validBodies[endpoint]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; id: string };
    expect(body.ok).toBe(true);
    const records = await stored();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: body.id, endpoint, status: "forwarded", attempts: 1 });
    expect(records[0]?.submittedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(fake.submissions).toHaveLength(1);
    expect(fake.submissions[0]?.values.email).toBe(validBodies[endpoint].email);
  });

  it("maps the payload onto HubSpot fields, with the UTM info flattened and the page and hutk as context", async () => {
    await handlerFor("/api/hubspot/")(
      new Request("http://site.test/api/hubspot/", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          referer: "https://www.example.com/contact-sales/",
          cookie: "hubspotutk=3f9c1a7e5b2d4c6e8f0a1b2c3d4e5f60; other=1",
        },
        body: JSON.stringify(validBodies["/api/hubspot/"]),
      }),
    );
    const submission = fake.submissions[0];
    expect(submission?.formGuid).toBe(env.hubspot.forms.contact);
    expect(submission?.values).toMatchObject({
      name: "ContactSales",
      jobtitle: "Head of Risk",
      website: "https://shop.example.com",
      utm_info:
        "utm_source=newsletter;utm_campaign=spring;referral_url=https%3A%2F%2Fnews.example%2Fpost",
      visitorId: "aB3dE5fG7hI9jK1lM2nO",
      ipRegion: "EMEA",
      landingPage: "/pricing/",
    });
    expect(submission?.context).toEqual({
      hutk: "3f9c1a7e5b2d4c6e8f0a1b2c3d4e5f60",
      pageUri: "https://www.example.com/contact-sales/",
    });
  });

  it("uses the authenticated endpoint with the private-app token when one is configured", async () => {
    const response = await handlerFor("/api/hubspot-newsletter/", {
      hubspot: { ...env.hubspot, token: "fake-hubspot-private-app-token" },
    })(
      new Request("http://site.test/api/hubspot-newsletter/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(validBodies["/api/hubspot-newsletter/"]),
      }),
    );
    expect(response.status).toBe(200);
    expect(fake.submissions[0]?.secure).toBe(true);
  });

  it("keeps every lead in the outbox when HubSpot is not configured (the embedded default)", async () => {
    const response = await handlerFor("/api/hubspot/", {
      hubspot: { ...env.hubspot, portalId: null },
    })(
      new Request("http://site.test/api/hubspot/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(validBodies["/api/hubspot/"]),
      }),
    );
    expect(response.status).toBe(200);
    expect((await stored())[0]).toMatchObject({ status: "pending", attempts: 0 });
    expect(fake.submissions).toHaveLength(0);
  });

  it("answers a filled honeypot like a success but stores and forwards nothing", async () => {
    const response = await post("/api/hubspot/", {
      ...validBodies["/api/hubspot/"],
      fax_number_confirm: "buy now",
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
    expect(await stored()).toHaveLength(0);
    expect(fake.submissions).toHaveLength(0);
  });
});

describe("HubSpot refusing or failing", () => {
  it.each([
    ["invalid@example.com", /not accepted/],
    ["someone@blocked.example", /work email/],
  ])(
    "maps HubSpot's field error for %s to the email field (422) and keeps the lead as rejected",
    async (email, message) => {
      const response = await post("/api/hubspot/", { ...validBodies["/api/hubspot/"], email });
      expect(response.status).toBe(422);
      const body = (await response.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(body.error.code).toBe("rejected_upstream");
      expect(body.error.fields.email).toMatch(message);
      expect((await stored())[0]).toMatchObject({ status: "rejected" });
    },
  );

  it.each(["down", "rate-limited", "hang", "reset", "forbidden", "not-found"] as const)(
    "upstream %s: the visitor sees success and the lead stays pending",
    async (mode) => {
      fake.setMode(mode);
      const response = await post("/api/hubspot-support/", validBodies["/api/hubspot-support/"]);
      expect(response.status).toBe(200);
      const records = await stored();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ status: "pending", attempts: 1 });
      expect(records[0]?.payload).toMatchObject({ email: "dev@example.org" });
      expect(records[0]?.lastError).toBeTruthy();
      fake.destroyHanging();
    },
  );

  it("refuses a webinar form id that is not on the server's allowlist, before storing anything", async () => {
    const response = await post("/api-webinar/", {
      ...validBodies["/api-webinar/"],
      hubspotFormId: "99999999-9999-4999-8999-999999999999",
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.hubspotFormId).toMatch(/not open/);
    expect(await stored()).toHaveLength(0);
  });
});

describe.each(leadEndpoints)("bad input on %s", (endpoint) => {
  const body = validBodies[endpoint];

  it("405 with Allow for another method", async () => {
    const response = await post(endpoint, null, { method: "GET" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(findFunction(endpoint)?.methods).toEqual(["POST"]);
  });

  it("415 for a body that is not JSON", async () => {
    const response = await post(endpoint, body, { headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(415);
  });

  it("413 for a body over 16 KiB, also without a Content-Length", async () => {
    const big = JSON.stringify({ ...body, description: "x".repeat(17 * 1024) });
    expect((await post(endpoint, null, { raw: big })).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i += 1)
          controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
        controller.close();
      },
    });
    const response = await handlerFor(endpoint)(
      new Request(`http://site.test${endpoint}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
  });

  it("400 for malformed JSON", async () => {
    expect((await post(endpoint, null, { raw: '{"email":' })).status).toBe(400);
  });

  it.each(["[1]", "[1,2]", '"x"', "null", "42", "true"])(
    "422 with the usual error shape and fields._form for the JSON %s (not an object)",
    async (raw) => {
      const response = await post(endpoint, null, { raw });
      expect(response.status).toBe(422);
      const answer = (await response.json()) as {
        error: { code: string; message: string; fields: Record<string, string> };
      };
      expect(answer.error.code).toBe("invalid_body");
      expect(answer.error.message).toBeTruthy();
      expect(Object.keys(answer.error.fields)).toEqual(["_form"]);
      expect(answer.error.fields._form).toMatch(/JSON object/);
      expect(await stored()).toHaveLength(0);
    },
  );

  it("echoes only plain field names: a key carrying markup is grouped under _form", async () => {
    const response = await post(endpoint, {
      ...body,
      "<img src=x onerror=alert(1)>": "x",
      ["k".repeat(65)]: "too long to echo",
      "a b": 1,
      extra_field: true,
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(text).not.toContain("<img");
    expect(text).not.toContain("onerror");
    expect(text).not.toContain("k".repeat(65));
    const answer = JSON.parse(text) as { error: { fields: Record<string, string> } };
    expect(Object.keys(answer.error.fields).sort()).toEqual(["_form", "extra_field"]);
    expect(answer.error.fields._form).toBe("Some of the data sent is not part of the form.");
    expect(answer.error.fields.extra_field).toBe("This field is not part of the form.");
  });

  it("422 with the field named for unknown fields, wrong types and bad emails", async () => {
    const response = await post(endpoint, { ...body, isAdmin: true, email: 42 });
    expect(response.status).toBe(422);
    const answer = (await response.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(answer.error.code).toBe("invalid_fields");
    expect(Object.keys(answer.error.fields)).toEqual(expect.arrayContaining(["isAdmin", "email"]));
    expect(await stored()).toHaveLength(0);
  });

  it("__proto__ and constructor keys change nothing", async () => {
    const raw = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(body).slice(1)}`;
    const response = await post(endpoint, null, { raw });
    expect(response.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const records = await stored();
    expect(Object.keys(records[0]?.payload ?? {})).not.toContain("__proto__");
  });

  it("403 for a cross-site Origin; the site's own origins are fine", async () => {
    expect(
      (await post(endpoint, body, { headers: { origin: "https://evil.example" } })).status,
    ).toBe(403);
    expect((await post(endpoint, body, { headers: { origin: "null" } })).status).toBe(403);
    expect((await post(endpoint, body, { headers: { origin: "http://site.test" } })).status).toBe(
      200,
    );
    expect(
      (await post(endpoint, body, { headers: { origin: "https://www.example.com" } })).status,
    ).toBe(200);
  });

  it("never echoes HTML back", async () => {
    const response = await post(endpoint, { ...body, email: "<script>alert(1)</script>" });
    expect(response.status).toBe(422);
    expect(await response.text()).not.toContain("<script>");
  });
});
