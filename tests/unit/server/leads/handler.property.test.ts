// @vitest-environment node
// Property test: thousands of generated JSON bodies per lead endpoint, none answered with a server error, a stack or markup.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadEndpoints, type LeadEndpoint } from "../../../../src/leads/endpoints";
import { readLeadsEnv, type LeadsEnv } from "../../../../src/server/env";
import { createLeadHandler } from "../../../../src/server/leads/handler";
import type { LeadRecord, LeadStore, NewLead } from "../../../../src/server/leads/leadStore";
import {
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { validBodies } from "../../leads/samples";

/** In memory, so the property test measures the handler's logic rather than the disk. */
function memoryStore(): LeadStore & { records: LeadRecord[] } {
  const records: LeadRecord[] = [];
  const put = (record: LeadRecord) => {
    const index = records.findIndex((item) => item.id === record.id);
    if (index >= 0) records[index] = record;
  };
  const add = async (entry: NewLead): Promise<LeadRecord> => {
    const record: LeadRecord = {
      id: String(records.length + 1),
      submittedAt: new Date().toISOString(),
      status: "pending",
      attempts: 0,
      endpoint: entry.endpoint,
      payload: entry.payload,
    };
    records.push(record);
    return record;
  };
  return {
    kind: "file",
    records,
    add,
    async addOnce(entry) {
      return { kind: "created", record: await add(entry) };
    },
    async findKey() {
      return null;
    },
    async update(record) {
      put(record);
    },
    async get(id) {
      return records.find((item) => item.id === id) ?? null;
    },
    async list() {
      return records;
    },
    async claim() {
      return [];
    },
    async renew() {
      return true;
    },
    async finish(record) {
      put(record);
      return true;
    },
    async take() {
      return { ok: true };
    },
    async nextDueIn() {
      return null;
    },
    async hold() {
      return true;
    },
    async release() {},
    async close() {},
  };
}

const anyJson = fc.jsonValue({ maxDepth: 3 });
/** Keys a hostile client might send: markup, prototype names, long and odd strings. */
const hostileKey = fc.oneof(
  fc.constantFrom(
    "<img src=x onerror=alert(1)>",
    "</script><script>alert(1)</script>",
    "__proto__",
    "constructor",
    "prototype",
    "_form",
    "x".repeat(65),
  ),
  fc.string({ maxLength: 40 }),
);
/** Valid bodies with one field replaced, removed or added: the near misses that reach deepest. */
const mutated = (base: Record<string, unknown>) =>
  fc.oneof(
    fc
      .record({
        key: fc.oneof(fc.constantFrom(...Object.keys(base)), hostileKey),
        value: anyJson,
      })
      .map(({ key, value }) => JSON.stringify({ ...base, [key]: value })),
    fc.constantFrom(...Object.keys(base)).map((key) => {
      const copy = { ...base };
      delete copy[key];
      return JSON.stringify(copy);
    }),
    // Unchanged: the accept path, and (with HubSpot configured) the forwarding path.
    fc.constant(JSON.stringify(base)),
  );
/** Every body is JSON: the content type is tested on its own below, so no run stops at 415. */
const bodies = (base: Record<string, unknown>) =>
  fc.oneof(
    mutated(base),
    anyJson.map((value) => JSON.stringify(value)),
    fc.dictionary(hostileKey, anyJson, { maxKeys: 15 }).map((value) => JSON.stringify(value)),
  );

/** What no answer may ever contain: a 5xx, a stack trace, markup, or anything but JSON. */
async function expectSafeAnswer(response: Response): Promise<void> {
  expect(response.status).toBeLessThan(500);
  const text = await response.text();
  expect(() => JSON.parse(text)).not.toThrow();
  expect(text).not.toMatch(/[<>]/);
  expect(text).not.toMatch(/\bat \S+ \(|\.ts:\d+|Error:/);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
}

const jsonTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "Application/JSON",
);

function runProperty(
  endpoint: LeadEndpoint,
  handler: (request: Request) => Promise<Response>,
  numRuns: number,
) {
  return fc.assert(
    fc.asyncProperty(bodies(validBodies[endpoint]), jsonTypes, async (raw, type) => {
      const response = await handler(
        new Request(`http://site.test${endpoint}`, {
          method: "POST",
          headers: { "content-type": type },
          body: raw,
        }),
      );
      await expectSafeAnswer(response);
    }),
    { numRuns },
  );
}

describe("lead endpoints under generated JSON, HubSpot not configured", () => {
  it.each(leadEndpoints)(
    "%s never answers with a status ≥ 500, a stack or markup (2,000 bodies)",
    async (endpoint) => {
      const store = memoryStore();
      const env = readLeadsEnv({ LEADS_STORE_DIR: "/nonexistent" });
      const handler = createLeadHandler(endpoint, {
        env: () => env,
        store: () => store,
        log: () => {},
      });
      await runProperty(endpoint, handler, 2000);
      // The near misses include valid bodies, so the accept path ran too.
      expect(store.records.length).toBeGreaterThan(0);
    },
    // As the forwarding run below: a correctness property, not a speed limit on a shared machine.
    60_000,
  );
});

describe("lead endpoints under generated JSON, forwarding to the fake HubSpot", () => {
  let fake: FakeHubspot;
  let env: LeadsEnv;
  beforeAll(async () => {
    fake = await startFakeHubspot({ rateLimit: { max: 1_000_000, windowMs: 10_000 } });
    env = readLeadsEnv({
      ...hubspotServerEnv(fake.origin),
      HUBSPOT_TIMEOUT_MS: "2000",
      LEADS_STORE_DIR: "/nonexistent",
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it.each(leadEndpoints)(
    "%s never answers with a status ≥ 500, a stack or markup (2,000 bodies)",
    async (endpoint) => {
      fake.submissions.length = 0;
      const store = memoryStore();
      const handler = createLeadHandler(endpoint, {
        env: () => env,
        store: () => store,
        log: () => {},
      });
      await runProperty(endpoint, handler, 2000);
      // The forwarding path ran: leads reached the fake and were recorded as forwarded.
      expect(fake.submissions.length).toBeGreaterThan(0);
      const forwarded = store.records.filter((record) => record.status === "forwarded");
      expect(forwarded.length).toBe(fake.submissions.length);
      expect(store.records.every((record) => record.attempts === 1)).toBe(true);
    },
    60_000,
  );
});

describe("content types other than JSON", () => {
  const types = fc.oneof(
    fc.constantFrom(
      "text/plain",
      "text/html",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "application/json-patch+json",
      "application/xml",
      "",
    ),
    fc.string({ maxLength: 40 }).filter((type) => !/^\s*application\/json\s*(;|$)/i.test(type)),
  );

  it.each(leadEndpoints)(
    "%s answers 415 without reading the body (300 content types)",
    async (endpoint) => {
      const handler = createLeadHandler(endpoint, {
        env: () => readLeadsEnv({ LEADS_STORE_DIR: "/nonexistent" }),
        store: () => memoryStore(),
        log: () => {},
      });
      await fc.assert(
        fc.asyncProperty(types, async (type) => {
          let pulled = 0;
          const body = new ReadableStream<Uint8Array>(
            {
              pull(controller) {
                pulled += 1;
                controller.enqueue(new TextEncoder().encode(JSON.stringify(validBodies[endpoint])));
                controller.close();
              },
            },
            { highWaterMark: 0 },
          );
          const headers = new Headers();
          if (type !== "") headers.set("content-type", type);
          const response = await handler(
            new Request(`http://site.test${endpoint}`, {
              method: "POST",
              headers,
              body,
              duplex: "half",
            } as RequestInit),
          );
          expect(response.status).toBe(415);
          expect(pulled).toBe(0);
          await expectSafeAnswer(response);
        }),
        { numRuns: 300 },
      );
    },
  );
});
