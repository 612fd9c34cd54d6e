// @vitest-environment node
// The request's own first attempt, when the store lets it down: the visitor still hears the lead was
// received (it is stored; the worker sends it later), and nothing is sent without this request's lease.
// Real file lead store, the fake HubSpot on loopback; one store method made to fail where a case needs it.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readLeadsEnv, type LeadsEnv } from "../../../../src/server/env";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import { forwardLead } from "../../../../src/server/leads/forwardLead";
import type { LeadStore } from "../../../../src/server/leads/leadStore";
import type { ParsedLead } from "../../../../src/server/leads/parseLead";
import {
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { validBodies } from "../../leads/samples";

const endpoint = "/api/hubspot-press/";
const lead: ParsedLead = {
  endpoint,
  key: null,
  fingerprint: "",
  payload: validBodies[endpoint],
  context: {},
};

let fake: FakeHubspot;
let dir: string;
let env: LeadsEnv;
let lines: string[];

beforeAll(async () => {
  fake = await startFakeHubspot({ rateLimit: { max: 1000, windowMs: 10_000 } });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "forward-lead-"));
  fake.setMode("ok");
  fake.submissions.length = 0;
  lines = [];
  env = readLeadsEnv({
    ...hubspotServerEnv(fake.origin),
    HUBSPOT_TIMEOUT_MS: "2000",
    LEADS_STORE_DIR: dir,
  });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The lead stored and leased to `holder`, then forwarded by a request that believes it is `owner`. */
async function forward(store: LeadStore, owner: string, holder = owner) {
  const record = await store.add({
    endpoint,
    payload: lead.payload,
    lease: { owner: holder, ms: env.delivery.leaseMs },
  });
  const log = (line: string) => lines.push(line);
  const response = await forwardLead(lead, { store, record, owner }, env, {
    log,
    alertLog: log,
    now: () => new Date(),
  });
  const stored = await createFileLeadStore(dir).get(record.id);
  return { response, body: (await response.json()) as unknown, record, stored };
}

describe("forwardLead", () => {
  it("sends nothing once the lease has passed to a worker: 200 for the visitor, the lead left to the worker", async () => {
    const { response, body, record, stored } = await forward(
      createFileLeadStore(dir),
      "accept:this-request",
      "worker:other",
    );
    expect(response.status).toBe(200);
    expect(body).toEqual({ ok: true, id: record.id });
    expect(fake.submissions).toHaveLength(0);
    expect(stored).toMatchObject({ status: "pending", attempts: 0, leaseOwner: "worker:other" });
    expect(stored?.answer).toBeUndefined();
    expect(lines).toEqual([
      `lead ${endpoint}: ${record.id} lease ended before its first attempt was written`,
    ]);
  });

  it("answers 200 when the store fails at the fence before the send, and the lead stays pending", async () => {
    const real = createFileLeadStore(dir);
    const store: LeadStore = { ...real, renew: () => Promise.reject(new Error("disk gone")) };
    const { response, body, record, stored } = await forward(store, "accept:this-request");
    expect(response.status).toBe(200);
    expect(body).toEqual({ ok: true, id: record.id });
    expect(fake.submissions).toHaveLength(0);
    expect(stored).toMatchObject({ status: "pending", attempts: 0 });
    expect(lines).toEqual([`lead ${endpoint}: ${record.id} first attempt failed: disk gone`]);
  });

  it("gives HubSpot's answer even when its status cannot be written; the lead stays pending for the worker", async () => {
    const real = createFileLeadStore(dir);
    const store: LeadStore = { ...real, finish: () => Promise.reject(new Error("disk full")) };
    const { response, body, record, stored } = await forward(store, "accept:this-request");
    expect(response.status).toBe(200);
    expect(body).toEqual({ ok: true, id: record.id });
    expect(fake.submissions).toHaveLength(1);
    expect(stored).toMatchObject({ status: "pending", attempts: 0 });
    expect(lines).toEqual([`lead ${endpoint}: ${record.id} status update failed: disk full`]);
  });
});
