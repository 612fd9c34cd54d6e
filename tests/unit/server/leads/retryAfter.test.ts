// @vitest-environment node
// HubSpot's Retry-After is upstream's word, so any value must become a wait within the lead's age
// limit: the fake HubSpot answers 503 with absurd, far-off, past and unreadable values, both to the
// form post (which never answers 5xx once its lead is stored) and to the delivery worker (which never
// throws, and gives the lead up at its age limit with an alert).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readLeadsEnv } from "../../../../src/server/env";
import { createLeadHandler } from "../../../../src/server/leads/handler";
import { MAX_RETRY_AFTER_MS, retryAfterMs } from "../../../../src/server/leads/hubspot";
import { MAX_PENDING_AGE_MS, deliverDue } from "../../../../src/server/leads/deliveryWorker";
import type { LeadRecord, LeadStore } from "../../../../src/server/leads/leadStore";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import {
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { validBodies } from "../../leads/samples";

const ENDPOINT = "/api/hubspot-newsletter/";
const HOUR = 3_600_000;

let fake: FakeHubspot;
let folder: string;
beforeAll(async () => {
  fake = await startFakeHubspot({ rateLimit: { max: 1_000_000, windowMs: 10_000 } });
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "retry-after-"));
  return () => rmSync(folder, { recursive: true, force: true });
});

const env = () => readLeadsEnv({ ...hubspotServerEnv(fake.origin), HUBSPOT_TIMEOUT_MS: "2000" });

/** Values HubSpot (or anything between us and it) could write. */
const HOSTILE: [string, string][] = [
  ["absurd seconds", "9999999999999"],
  ["a year in seconds", "31536000"],
  ["a date in 2100", "Fri, 01 Jan 2100 00:00:00 GMT"],
  ["garbage", "abc"],
  ["a negative number", "-5"],
  ["a fraction", "1.5"],
  ["a date long past", "Sun, 06 Nov 1994 08:49:37 GMT"],
  ["a number with 400 digits", "9".repeat(400)],
];

/** A pending lead's next attempt is a real time, soon, and never past its age limit. */
function expectBounded(record: LeadRecord | null | undefined, at: number): void {
  expect(record?.status).toBe("pending");
  const due = Date.parse(record?.nextAttemptAt ?? "");
  expect(Number.isFinite(due)).toBe(true);
  // One Retry-After waits an hour at most (MAX_RETRY_AFTER_MS).
  expect(due).toBeLessThanOrEqual(at + HOUR);
  expect(due).toBeLessThanOrEqual(Date.parse(record?.submittedAt ?? "") + MAX_PENDING_AGE_MS);
}

describe("Retry-After from HubSpot", () => {
  it.each(HOSTILE)(
    "the form post with %s: 200 once stored, the lead pending within bounds",
    async (_label, value) => {
      const store = createFileLeadStore(folder);
      const handler = createLeadHandler(ENDPOINT, {
        env,
        store: () => store,
        log: () => undefined,
      });
      fake.setMode("unavailable", false, value);
      const response = await handler(
        new Request(`http://site.test${ENDPOINT}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...validBodies[ENDPOINT], email: "retry@example.org" }),
        }),
      );
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      const record = await store.get(id);
      expect(record?.lastError).toMatch(/503/);
      expectBounded(record, Date.now());
      fake.setMode("ok");
    },
  );

  it.each(HOSTILE)(
    "the worker with %s: no throw, the lease released, the lead due within bounds",
    async (_label, value) => {
      const store = createFileLeadStore(folder);
      const lead = await store.add({
        endpoint: ENDPOINT,
        payload: { ...validBodies[ENDPOINT], email: "worker@example.org" },
      });
      fake.setMode("unavailable", false, value);
      const report = await deliverDue({ store, env: env() });
      expect(report.outcomes.map((outcome) => outcome.result)).toEqual(["pending"]);
      const record = await store.get(lead.id);
      expect(record?.leaseOwner).toBeUndefined();
      expectBounded(record, Date.now());
      fake.setMode("ok");
    },
  );

  it("parks no lead past its age limit: the attempt there marks it failed and alerts", async () => {
    let now = Date.parse("2026-11-24T09:00:00.000Z");
    const store: LeadStore = createFileLeadStore(folder, () => new Date(now));
    const lead = await store.add({
      endpoint: ENDPOINT,
      payload: { ...validBodies[ENDPOINT], email: "aged@example.org" },
    });
    const alerted: string[] = [];
    const pass = () =>
      deliverDue({
        store,
        env: env(),
        now: () => new Date(now),
        onFailed: async (record) => {
          alerted.push(record.id);
        },
      });
    fake.setMode("unavailable", false, "Fri, 01 Jan 2100 00:00:00 GMT");
    // HubSpot keeps asking for 2100. Each wait is at most an hour; the last one ends at the age limit.
    for (let i = 0; i < 200 && alerted.length === 0; i += 1) {
      await pass();
      const record = await store.get(lead.id);
      if (record?.status !== "pending") break;
      now = Date.parse(record.nextAttemptAt ?? "");
    }
    const record = await store.get(lead.id);
    expect(record?.status).toBe("failed");
    expect(record?.lastError).toMatch(/gave up after 3 days: HubSpot answered 503/);
    expect(alerted).toEqual([lead.id]);
    expect(now - Date.parse(lead.submittedAt)).toBe(MAX_PENDING_AGE_MS);
    fake.setMode("ok");
  });
});

describe("retryAfterMs", () => {
  const now = Date.parse("2026-11-24T09:00:00.000Z");
  it.each([
    ["120", 120_000],
    ["0", 0],
    ["Tue, 24 Nov 2026 09:00:30 GMT", 30_000],
    ["Tuesday, 24-Nov-26 09:00:30 GMT", 30_000],
    ["Tue Nov 24 09:00:30 2026", 30_000],
    ["31536000", MAX_RETRY_AFTER_MS],
    ["9999999999999", MAX_RETRY_AFTER_MS],
    ["Fri, 01 Jan 2100 00:00:00 GMT", MAX_RETRY_AFTER_MS],
    ["Sun, 06 Nov 1994 08:49:37 GMT", 0],
    ["abc", null],
    ["-5", null],
    ["1.5", null],
    ["", null],
    ["2100", 2_100_000],
    ["1 Jan 2100", null],
  ] as const)("reads %j as %s ms", (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });

  it("is an hour at most", () => {
    expect(MAX_RETRY_AFTER_MS).toBe(HOUR);
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
