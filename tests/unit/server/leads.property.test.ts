// @vitest-environment node
// Property test: thousands of generated bodies per lead endpoint, none answered with a server error.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadEndpoints } from "../../../src/forms/schemas";
import { readLeadsEnv } from "../../../src/server/env";
import { createLeadHandler } from "../../../src/server/handlers/leads";
import type { LeadRecord, Outbox } from "../../../src/server/outbox";
import { validBodies } from "../forms/samples";

/** In memory, so the property test measures the handler's logic rather than the disk. */
function memoryOutbox(): Outbox & { records: LeadRecord[] } {
  const records: LeadRecord[] = [];
  return {
    records,
    async add(entry) {
      const record: LeadRecord = {
        id: String(records.length + 1),
        submittedAt: new Date().toISOString(),
        status: "pending",
        attempts: 0,
        ...entry,
      };
      records.push(record);
      return record;
    },
    async update() {},
    async list() {
      return records;
    },
  };
}

const anyJson = fc.jsonValue({ maxDepth: 3 });
/** Valid bodies with one field replaced, removed or added: the near misses that reach deepest. */
const mutated = (base: Record<string, unknown>) =>
  fc.oneof(
    fc
      .record({
        key: fc.constantFrom(...Object.keys(base), "__proto__", "constructor", "x"),
        value: anyJson,
      })
      .map(({ key, value }) => JSON.stringify({ ...base, [key]: value })),
    fc.constantFrom(...Object.keys(base)).map((key) => {
      const copy = { ...base };
      delete copy[key];
      return JSON.stringify(copy);
    }),
  );
const bodies = (base: Record<string, unknown>) =>
  fc.oneof(
    mutated(base),
    anyJson.map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 200 }),
    fc
      .dictionary(fc.string({ maxLength: 20 }), anyJson, { maxKeys: 15 })
      .map((value) => JSON.stringify(value)),
  );

describe("lead endpoints under generated input", () => {
  it.each(leadEndpoints)(
    "%s never answers with a status ≥ 500 (2,000 bodies)",
    async (endpoint) => {
      const outbox = memoryOutbox();
      const env = readLeadsEnv({ LEADS_OUTBOX_DIR: "/nonexistent" });
      const handler = createLeadHandler(endpoint, {
        env: () => env,
        outbox: () => outbox,
        log: () => {},
      });
      await fc.assert(
        fc.asyncProperty(
          bodies(validBodies[endpoint]),
          fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain"),
          async (raw, type) => {
            const response = await handler(
              new Request(`http://site.test${endpoint}`, {
                method: "POST",
                headers: { "content-type": type },
                body: raw,
              }),
            );
            expect(response.status).toBeLessThan(500);
            const text = await response.text();
            expect(() => JSON.parse(text)).not.toThrow();
          },
        ),
        { numRuns: 2000 },
      );
      // The near misses include valid bodies, so the accept path ran too.
      expect(outbox.records.length).toBeGreaterThan(0);
    },
  );
});
