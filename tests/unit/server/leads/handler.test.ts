// @vitest-environment node
// Tests the lead endpoints: stored first, forwarded to a fake HubSpot on loopback, every bad-input class refused.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "../../../../src/leads/constants";
import { leadEndpoints, type LeadEndpoint } from "../../../../src/leads/endpoints";
import { endpointSchemas } from "../../../../src/leads/payloads";
import { readLeadsEnv, type LeadsEnv } from "../../../../src/server/env";
import { findFunction } from "../../../../src/server/functions";
import { webinarFormIds as bundledWebinarFormIds } from "../../../../src/server/leads/webinarFormIds";
import { createLeadHandler } from "../../../../src/server/leads/handler";
import { allowedWebinarFormIds, hubspotFormGuid } from "../../../../src/server/leads/routing";
import { toHubspotFields } from "../../../../src/server/leads/hubspot";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import { WEBINAR_FORMS_MODULE, syncWebinarFormsModule } from "../../../../src/gatsby/webinarForms";
import {
  fakeFormDefinitions,
  hubspotServerEnv,
  startFakeHubspot,
  type FakeField,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { validBodies } from "../../leads/samples";

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
  fake.resetForms();
  fake.submissions.length = 0;
  lines.length = 0;
  env = readLeadsEnv({
    ...hubspotServerEnv(fake.origin),
    HUBSPOT_TIMEOUT_MS: "2000",
    LEADS_STORE_DIR: dir,
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

const stored = () => createFileLeadStore(dir).list();

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

  it("keeps every lead in the lead store when HubSpot is not configured (the embedded default)", async () => {
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

/** The HubSpot form GUID a valid lead of this endpoint goes to. */
const guidOf = (endpoint: LeadEndpoint) =>
  hubspotFormGuid(endpoint, validBodies[endpoint], env) ?? "missing";

/** Redefines the fake form of this endpoint: its default fields, changed by `change`. */
function redefine(endpoint: LeadEndpoint, change: (fields: FakeField[]) => FakeField[]) {
  const form = fakeFormDefinitions()[guidOf(endpoint)];
  fake.defineForm(guidOf(endpoint), { ...form, fields: change([...(form?.fields ?? [])]) });
}
const requiring =
  (...names: string[]) =>
  (fields: FakeField[]) => [
    ...fields.filter((field) => !names.includes(field.name)),
    ...names.map((name) => ({ name, required: true })),
  ];

type ErrorAnswer = { error: { code: string; message: string; fields: Record<string, string> } };

describe("the fake HubSpot's forms", () => {
  it.each(leadEndpoints)(
    "define every property %s can send (so a valid lead never meets FIELD_NOT_IN_FORM_DEFINITION)",
    (endpoint) => {
      const sendable = Object.keys(endpointSchemas[endpoint].shape).filter(
        (key) => key !== HONEYPOT_FIELD,
      );
      const names = toHubspotFields(Object.fromEntries(sendable.map((key) => [key, "x"]))).map(
        (field) => field.name,
      );
      const defined = (fakeFormDefinitions()[guidOf(endpoint)]?.fields ?? []).map(
        (field) => field.name,
      );
      expect(names.filter((name) => !defined.includes(name))).toEqual([]);
    },
  );
});

describe.each(leadEndpoints)("HubSpot refusing or failing on %s", (endpoint) => {
  const body = validBodies[endpoint];

  it.each([
    ["invalid@example.com", /not accepted/],
    ["someone@blocked.example", /work email/],
  ])(
    "maps HubSpot's field error for %s to the email field (422) and keeps the lead as rejected",
    async (email, message) => {
      const response = await post(endpoint, { ...body, email });
      expect(response.status).toBe(422);
      const answer = (await response.json()) as ErrorAnswer;
      expect(answer.error.code).toBe("rejected_upstream");
      expect(Object.keys(answer.error.fields)).toEqual(["email"]);
      expect(answer.error.fields.email).toMatch(message);
      const [record] = await stored();
      expect(record).toMatchObject({ status: "rejected", attempts: 1 });
      expect(record?.lastError).toMatch(/HubSpot answered 400: (INVALID|BLOCKED)_EMAIL \(email\)/);
    },
  );

  // A 429 is HubSpot's limit speaking, not a verdict on the lead: it uses up none of its 8 attempts.
  it.each([
    ["down", /HubSpot answered 500/, 1],
    ["rate-limited", /HubSpot answered 429/, 0],
    ["hang", /HubSpot timed out/, 1],
    ["reset", /HubSpot could not be reached/, 1],
  ] as const)(
    "upstream %s: the visitor sees success and the lead stays pending",
    async (mode, reason, attempts) => {
      fake.setMode(mode);
      const response = await post(endpoint, body);
      fake.destroyHanging();
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { ok: boolean; id: string };
      const records = await stored();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ id: answer.id, status: "pending", attempts });
      expect(records[0]?.payload.email).toBe(body.email);
      expect(records[0]?.lastError).toMatch(reason);
      expect(fake.submissions).toHaveLength(0);
    },
  );

  it.each([
    ["forbidden", /HubSpot answered 403: Forbidden/],
    ["not-found", /HubSpot answered 404: Form not found/],
    ["unauthorized", /HubSpot answered 401/],
    ["bad-request", /HubSpot answered 400: Invalid input JSON/],
    ["invalid-metadata", /HubSpot answered 400: INVALID_METADATA/],
  ] as const)(
    "upstream %s (permanent): the visitor sees success and the lead is kept as failed with the reason",
    async (mode, reason) => {
      fake.setMode(mode);
      const response = await post(endpoint, body);
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { ok: boolean; id: string };
      expect(answer.ok).toBe(true);
      const records = await stored();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ id: answer.id, status: "failed", attempts: 1 });
      expect(records[0]?.payload.email).toBe(body.email);
      expect(records[0]?.lastError).toMatch(reason);
      expect(lines.join("\n")).toContain(`${answer.id} failed`);
    },
  );

  it("a property the HubSpot form lacks (FIELD_NOT_IN_FORM_DEFINITION): success for the visitor, failed lead", async () => {
    const sent = toHubspotFields(body)
      .map((field) => field.name)
      .filter((name) => name !== "email");
    redefine(endpoint, (fields) => fields.filter((field) => field.name !== sent[0]));
    const response = await post(endpoint, body);
    expect(response.status).toBe(200);
    const [record] = await stored();
    expect(record?.status).toBe("failed");
    expect(record?.lastError).toMatch(/FIELD_NOT_IN_FORM_DEFINITION/);
    expect(fake.submissions).toHaveLength(0);
  });

  it("a required property no form shows (REQUIRED_FIELD): success for the visitor, failed lead with the reason", async () => {
    redefine(endpoint, requiring("phone"));
    const response = await post(endpoint, body);
    expect(response.status).toBe(200);
    const [record] = await stored();
    expect(record?.status).toBe("failed");
    expect(record?.lastError).toMatch(
      /REQUIRED_FIELD \(phone\).*not a field the visitor could correct/,
    );
  });
});

describe("HubSpot's field errors, mapped to the field the visitor sees", () => {
  const contact = validBodies["/api/hubspot/"];

  it.each([
    ["jobtitle", "jobTitle"],
    ["website", "url"],
    ["description", "description"],
  ])(
    "REQUIRED_FIELD on %s comes back at ContactSales' %s field (422, lead rejected)",
    async (property, field) => {
      redefine("/api/hubspot/", requiring(property));
      const { [field]: _left, ...rest } = contact;
      const response = await post("/api/hubspot/", rest);
      expect(response.status).toBe(422);
      const answer = (await response.json()) as ErrorAnswer;
      expect(answer.error.code).toBe("rejected_upstream");
      expect(answer.error.fields).toEqual({ [field]: "This field is required." });
      expect((await stored())[0]).toMatchObject({ status: "rejected" });
    },
  );

  it("the same REQUIRED_FIELD from the Signup form (email only) lets the visitor through and keeps the lead as failed", async () => {
    redefine("/api/hubspot/", requiring("jobtitle"));
    const response = await post("/api/hubspot/", {
      ...contact,
      name: "Signup",
      jobTitle: "",
      url: "",
      description: "",
      apiCallsQuestion: "",
    });
    expect(response.status).toBe(200);
    const [record] = await stored();
    expect(record?.status).toBe("failed");
    expect(record?.lastError).toMatch(/REQUIRED_FIELD \(jobTitle\)/);
  });

  it("the single-pane form does not show the job title: a required jobtitle is not the visitor's to fix", async () => {
    redefine("/api/hubspot-single-pane/", requiring("jobtitle"));
    const response = await post(
      "/api/hubspot-single-pane/",
      validBodies["/api/hubspot-single-pane/"],
    );
    expect(response.status).toBe(200);
    expect((await stored())[0]?.status).toBe("failed");
  });

  it("only the errors on shown fields reach the visitor when HubSpot lists several", async () => {
    redefine("/api/hubspot/", requiring("jobtitle", "phone"));
    const { jobTitle: _left, ...rest } = contact;
    const response = await post("/api/hubspot/", rest);
    expect(response.status).toBe(422);
    const answer = (await response.json()) as ErrorAnswer;
    expect(answer.error.fields).toEqual({ jobTitle: "This field is required." });
    const [record] = await stored();
    expect(record?.status).toBe("rejected");
    expect(record?.lastError).toMatch(/REQUIRED_FIELD \(jobTitle\), REQUIRED_FIELD \(phone\)/);
  });

  it.each([
    ["firstname", "firstName"],
    ["lastname", "lastName"],
    ["company", "company"],
  ])("the webinar form's %s refused by HubSpot comes back at %s", async (property, field) => {
    redefine("/api-webinar/", (fields) => [
      ...fields.filter((item) => item.name !== property),
      { name: property, type: "number" },
    ]);
    const response = await post("/api-webinar/", validBodies["/api-webinar/"]);
    expect(response.status).toBe(422);
    const answer = (await response.json()) as ErrorAnswer;
    expect(answer.error.fields).toEqual({ [field]: "Enter a number." });
  });

  it("a required jobtitle on the webinar form comes back at jobTitle", async () => {
    redefine("/api-webinar/", requiring("jobtitle"));
    const { jobTitle: _left, ...rest } = validBodies["/api-webinar/"];
    const response = await post("/api-webinar/", rest);
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorAnswer).error.fields).toEqual({
      jobTitle: "This field is required.",
    });
  });

  it("the ROI form shows only the email: a refused ROI number is kept as failed, not put to the visitor", async () => {
    redefine("/api/roi/", (fields) => [
      ...fields.filter((item) => item.name !== "roi_chargeback_rate"),
      { name: "roi_chargeback_rate", type: "boolean" },
    ]);
    const response = await post("/api/roi/", validBodies["/api/roi/"]);
    expect(response.status).toBe(200);
    const [record] = await stored();
    expect(record?.status).toBe("failed");
    expect(record?.lastError).toMatch(/VALUE_NOT_IN_FIELD_DEFINITION \(roi_chargeback_rate\)/);
  });
});

describe("the visit's context", () => {
  it("is stored with the lead, so a resend carries the same page and cookie", async () => {
    fake.setMode("down");
    await handlerFor("/api/hubspot/")(
      new Request("http://site.test/api/hubspot/", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          referer: "https://www.example.com/demo/",
          cookie: "hubspotutk=3f9c1a7e5b2d4c6e8f0a1b2c3d4e5f60",
        },
        body: JSON.stringify(validBodies["/api/hubspot/"]),
      }),
    );
    expect((await stored())[0]?.context).toEqual({
      pageUri: "https://www.example.com/demo/",
      hutk: "3f9c1a7e5b2d4c6e8f0a1b2c3d4e5f60",
    });
  });
});

describe("the webinar allowlist", () => {
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

  it("defaults to the bundled ids, without reading content/ at run time (a function's working directory has none)", async () => {
    expect(env.webinarFormIds).toBeNull();
    const before = process.cwd();
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), "no-content-"));
    process.chdir(elsewhere);
    try {
      const response = await post("/api-webinar/", validBodies["/api-webinar/"]);
      expect(response.status).toBe(200);
      expect(fake.submissions[0]?.formGuid).toBe(validBodies["/api-webinar/"].hubspotFormId);
    } finally {
      process.chdir(before);
      rmSync(elsewhere, { recursive: true, force: true });
    }
    expect(allowedWebinarFormIds(env)).toEqual(bundledWebinarFormIds);
  });

  it("the build brings the bundled module in line with content/webinars, writing only on change", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "webinar-forms-"));
    try {
      const dir = path.join(root, "content", "webinars");
      mkdirSync(dir, { recursive: true });
      const page = (id: string) => `---\ntitle: A webinar\nhubspotFormId: ${id}\n---\nBody\n`;
      writeFileSync(path.join(dir, "a.md"), page("8C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F"));
      expect(await syncWebinarFormsModule(root)).toBe(true);
      const written = readFileSync(path.join(root, WEBINAR_FORMS_MODULE), "utf8");
      expect(written).toContain('"8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"');
      // Nothing changed: nothing written.
      expect(await syncWebinarFormsModule(root)).toBe(false);
      // A webinar published from the CMS: the next build adds its form.
      writeFileSync(path.join(dir, "b.md"), page("3f2a9c1e-7b4d-4e2a-9c0f-5d8e1a2b3c4d"));
      expect(await syncWebinarFormsModule(root)).toBe(true);
      expect(readFileSync(path.join(root, WEBINAR_FORMS_MODULE), "utf8")).toContain(
        '"3f2a9c1e-7b4d-4e2a-9c0f-5d8e1a2b3c4d"',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("HUBSPOT_WEBINAR_FORM_IDS replaces the bundled list", async () => {
    const other = "99999999-9999-4999-8999-999999999999";
    const handler = handlerFor("/api-webinar/", { webinarFormIds: [other] });
    const send = (hubspotFormId: string) =>
      handler(
        new Request("http://site.test/api-webinar/", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...validBodies["/api-webinar/"], hubspotFormId }),
        }),
      );
    expect((await send(validBodies["/api-webinar/"].hubspotFormId as string)).status).toBe(422);
    fake.defineForm(other, { fields: [{ name: "email", required: true, type: "email" }] });
    const accepted = await send(other);
    expect(accepted.status).toBe(200);
  });
});

describe("a file lead store that cannot be written (a serverless function's read-only disk)", () => {
  it("answers 503 with a JSON error asking to retry, forwards nothing, and explains the reason in the log once", async () => {
    const file = path.join(dir, "not-a-folder");
    writeFileSync(file, "");
    const unwritable = path.join(file, "leads");
    const handler = handlerFor("/api/hubspot-newsletter/", { storeDir: unwritable });
    const send = () =>
      handler(
        new Request("http://site.test/api/hubspot-newsletter/", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(validBodies["/api/hubspot-newsletter/"]),
        }),
      );
    for (let i = 0; i < 3; i += 1) {
      const response = await send();
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(response.headers.get("retry-after")).toBe("60");
      const text = await response.text();
      const answer = JSON.parse(text) as ErrorAnswer;
      expect(answer.error.code).toBe("storage_unavailable");
      expect(answer.error.message).toMatch(/try again/i);
      expect(text).not.toContain(unwritable);
      expect(text).not.toMatch(/ENOTDIR|\bat .*\(/);
    }
    expect(fake.submissions).toHaveLength(0);
    const explained = lines.filter((line) => line.includes("is not writable"));
    expect(explained).toHaveLength(1);
    expect(explained[0]).toContain(unwritable);
    expect(explained[0]).toMatch(/ENOTDIR/);
    expect(explained[0]).toMatch(/LEADS_STORE_DIR/);
    expect(lines.filter((line) => line.includes("still not writable"))).toHaveLength(2);
  });
});

describe("the visit's context fields", () => {
  it("a region outside the table, and a present field of the wrong type, get specific messages", async () => {
    const response = await post("/api/hubspot/", {
      ...validBodies["/api/hubspot/"],
      utm_info: 7,
      ipRegion: "MARS",
    });
    expect(response.status).toBe(422);
    const { fields } = ((await response.json()) as ErrorAnswer).error;
    expect(fields.ipRegion).toBe("Expected one of APAC, EMEA, LATAM, AMER, or empty when unknown.");
    expect(fields.utm_info).toMatch(/expected record/i);
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

  it("413 for a body over 16 KiB with a Content-Length", async () => {
    const big = JSON.stringify({ ...body, description: "x".repeat(17 * 1024) });
    expect((await post(endpoint, null, { raw: big })).status).toBe(413);
  });

  it("413 without a Content-Length, and reading stops at the cap (an endless body is not drained)", async () => {
    const chunk = new TextEncoder().encode(`{"email":"${"x".repeat(1000)}`.slice(0, 1024));
    let pulled = 0;
    let cancelled = false;
    // Endless unless the reader stops; errors out long before memory matters if it does not.
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled > 1024 * 1024) {
            controller.error(new Error("read far past the 16 KiB cap"));
            return;
          }
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const response = await handlerFor(endpoint)(
      new Request(`http://site.test${endpoint}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorAnswer).error.code).toBe("payload_too_large");
    // The cap plus at most a few chunks in flight, and the rest of the stream was abandoned.
    expect(pulled).toBeGreaterThan(16 * 1024);
    expect(pulled).toBeLessThanOrEqual(16 * 1024 + 4 * chunk.byteLength);
    expect(cancelled).toBe(true);
    expect(await stored()).toHaveLength(0);
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

  it("says 'required' only for a missing field; a present one of the wrong kind gets its own message", async () => {
    const fieldsOf = async (sent: Record<string, unknown>) => {
      const response = await post(endpoint, sent);
      expect(response.status).toBe(422);
      return ((await response.json()) as ErrorAnswer).error.fields;
    };
    const { email: _gone, ...rest } = body as Record<string, unknown>;
    expect((await fieldsOf(rest)).email).toBe("This field is required.");
    expect((await fieldsOf({ ...body, email: 42 })).email).toBe(
      "Enter an email address like name@company.com.",
    );
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
