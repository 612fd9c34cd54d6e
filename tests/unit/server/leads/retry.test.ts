// @vitest-environment node
// Tests the resend of pending leads (`npm run leads -- --retry`) against the fake HubSpot, and the CLI around it.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LeadEndpoint } from "../../../../src/leads/endpoints";
import { readLeadsEnv, type LeadsEnv } from "../../../../src/server/env";
import { createLeadHandler } from "../../../../src/server/leads/handler";
import { formatLeads, formatRetry } from "../../../../src/server/cli/leadsReport";
import { retryPending } from "../../../../src/server/leads/retry";
import type { LeadRecord } from "../../../../src/server/leads/leadStore";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import {
  fakeFormDefinitions,
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { validBodies } from "../../leads/samples";

const REPO = path.resolve(__dirname, "../../../..");
const TSX = path.join(REPO, "node_modules/.bin/tsx");
const run = promisify(execFile);

let fake: FakeHubspot;
let dir: string;
let env: LeadsEnv;

beforeAll(async () => {
  fake = await startFakeHubspot({ rateLimit: { max: 1000, windowMs: 10_000 } });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "retry-"));
  fake.setMode("ok");
  fake.resetForms();
  fake.submissions.length = 0;
  env = readLeadsEnv({
    ...hubspotServerEnv(fake.origin),
    HUBSPOT_TIMEOUT_MS: "2000",
    LEADS_STORE_DIR: dir,
  });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Two minutes on: past any first attempt's backoff, so every pending lead is due. */
const later = () => new Date(Date.now() + 120_000);
const fileStore = (clock?: () => Date) => createFileLeadStore(dir, clock);

/** Accepts a lead through the real handler while HubSpot is down, so it is stored pending. */
async function pendingLead(
  endpoint: LeadEndpoint,
  headers: Record<string, string> = {},
): Promise<LeadRecord> {
  fake.setMode("down");
  const response = await createLeadHandler(endpoint, { env: () => env, log: () => {} })(
    new Request(`http://site.test${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(validBodies[endpoint]),
    }),
  );
  fake.setMode("ok");
  const { id } = (await response.json()) as { id: string };
  const record = (await fileStore().list()).find((item) => item.id === id);
  expect(record?.status).toBe("pending");
  return record as LeadRecord;
}

const snapshot = () =>
  readdirSync(dir)
    .sort()
    .map((name) => readFileSync(path.join(dir, name), "utf8"));

describe("retryPending", () => {
  it("without HubSpot configured says so and changes nothing", async () => {
    await pendingLead("/api/hubspot/");
    const before = snapshot();
    const report = await retryPending({
      env: { ...env, hubspot: { ...env.hubspot, portalId: null } },
      store: fileStore(later),
      now: later,
    });
    expect(report).toEqual({ configured: false, pending: 1 });
    expect(formatRetry(report)).toMatch(/not configured.*nothing was sent and no lead changed/);
    expect(snapshot()).toEqual(before);
    expect(fake.submissions).toHaveLength(0);
  });

  it("forwards every pending lead with its original time and visit context, and records it durably", async () => {
    const first = await pendingLead("/api/hubspot/", {
      referer: "https://www.example.com/contact-sales/",
      cookie: "hubspotutk=3f9c1a7e5b2d4c6e8f0a1b2c3d4e5f60",
    });
    await pendingLead("/api-webinar/");
    await pendingLead("/api/roi/");
    const report = await retryPending({ env, store: fileStore(later), now: later });
    expect(report.configured && report.outcomes.map((outcome) => outcome.result)).toEqual([
      "forwarded",
      "forwarded",
      "forwarded",
    ]);
    const records = await fileStore().list();
    expect(records.every((record) => record.status === "forwarded")).toBe(true);
    expect(records.every((record) => record.attempts === 2 && !record.lastError)).toBe(true);
    expect(fake.submissions).toHaveLength(3);
    const contact = fake.submissions.find((item) => item.formGuid === env.hubspot.forms.contact);
    expect(contact?.submittedAt).toBe(String(Date.parse(first.submittedAt)));
    expect(contact?.context).toEqual({
      hutk: "3f9c1a7e5b2d4c6e8f0a1b2c3d4e5f60",
      pageUri: "https://www.example.com/contact-sales/",
    });
    expect(fake.submissions.map((item) => item.formGuid)).toContain(
      validBodies["/api-webinar/"].hubspotFormId,
    );
    expect(formatRetry(report)).toContain("3 pending lead(s): 3 forwarded, 0 still pending");
    // A second run finds nothing left to send.
    expect(formatRetry(await retryPending({ env, store: fileStore(later), now: later }))).toBe(
      "No pending leads to resend.",
    );
  });

  it("leaves a lead pending (one more attempt, new reason) while HubSpot is still down", async () => {
    await pendingLead("/api/hubspot-support/");
    fake.setMode("hang");
    // A clock that stands still: the backoff after this attempt is jittered from 0 ms, and a moving clock on a
    // loaded machine made the lead due again within the same run (a third attempt) about once in a hundred.
    const at = later();
    const report = await retryPending({ env, store: fileStore(() => at), now: () => at });
    fake.destroyHanging();
    expect(report.configured && report.outcomes[0]?.result).toBe("pending");
    const [record] = await fileStore().list();
    expect(record).toMatchObject({
      status: "pending",
      attempts: 2,
      lastError: "HubSpot timed out",
    });
    expect(record?.lastAttemptAt).toBeTruthy();
  });

  it.each([
    ["forbidden", /403/],
    ["not-found", /404/],
  ] as const)("marks a lead failed when HubSpot answers %s", async (mode, reason) => {
    await pendingLead("/api/hubspot-press/");
    fake.setMode(mode);
    await retryPending({ env, store: fileStore(later), now: later });
    const [record] = await fileStore().list();
    expect(record?.status).toBe("failed");
    expect(record?.lastError).toMatch(reason);
  });

  it("a field error on resend is final (nobody is at the form to correct it)", async () => {
    await pendingLead("/api/hubspot/");
    const guid = env.hubspot.forms.contact ?? "";
    const form = fakeFormDefinitions()[guid];
    fake.defineForm(guid, { fields: [...(form?.fields ?? []), { name: "phone", required: true }] });
    await retryPending({ env, store: fileStore(later), now: later });
    const [record] = await fileStore().list();
    expect(record?.status).toBe("failed");
    expect(record?.lastError).toMatch(/REQUIRED_FIELD \(phone\)/);
  });

  it("stops at a 429 and leaves the rest untouched for the next run", async () => {
    await pendingLead("/api/hubspot-newsletter/");
    await pendingLead("/api/hubspot-newsletter/");
    fake.setMode("rate-limited");
    const report = await retryPending({ env, store: fileStore(later), now: later });
    expect(report.configured && report.stoppedEarly).toBe(true);
    expect(report.configured && report.outcomes.map((outcome) => outcome.result)).toEqual([
      "pending",
      "skipped",
    ]);
    // Each had one attempt (HubSpot down); the 429 is HubSpot's limit, not the lead's: not counted.
    const attempts = (await fileStore().list()).map((record) => record.attempts).sort();
    expect(attempts).toEqual([1, 1]);
    expect((await fileStore().list()).some((record) => /429/.test(record.lastError ?? ""))).toBe(
      true,
    );
    expect(formatRetry(report)).toMatch(/rate-limited/);
  });

  it("counts an attempt, without sending, for a lead whose endpoint has no HubSpot form configured", async () => {
    await pendingLead("/risk/");
    const report = await retryPending({
      env: { ...env, hubspot: { ...env.hubspot, forms: { ...env.hubspot.forms, risk: null } } },
      store: fileStore(later),
      now: later,
    });
    expect(report.configured && report.outcomes[0]).toMatchObject({
      result: "pending",
      reason: expect.stringMatching(/no HubSpot form is configured for \/risk\//),
    });
    expect((await fileStore().list())[0]?.attempts).toBe(2);
    expect(fake.submissions).toHaveLength(0);
  });

  it("leaves forwarded, rejected and failed leads alone", async () => {
    const store = fileStore(later);
    for (const status of ["forwarded", "rejected", "failed"] as const)
      await store.add({ endpoint: "/api/hubspot/", payload: validBodies["/api/hubspot/"], status });
    const report = await retryPending({ env, store, now: later });
    expect(report).toEqual({ configured: true, pending: 0, outcomes: [], stoppedEarly: false });
    expect(fake.submissions).toHaveLength(0);
  });
});

describe("npm run leads", () => {
  const cli = (args: string[], extra: Record<string, string>) =>
    run(TSX, ["src/server/cli/leads.ts", ...args], {
      cwd: REPO,
      env: { ...process.env, LEADS_STORE_DIR: dir, HUBSPOT_PORTAL_ID: "", ...extra },
    });

  it("--retry without HubSpot says so and changes nothing", async () => {
    await pendingLead("/api/hubspot/");
    const before = snapshot();
    const { stdout } = await cli(["--retry"], {});
    expect(stdout).toMatch(/HubSpot is not configured.*no lead changed/);
    expect(snapshot()).toEqual(before);
  }, 30_000);

  it("--retry with HubSpot forwards pending leads; the listing then shows each status and reason", async () => {
    const store = fileStore();
    const old = await pendingLead("/api/hubspot-support/");
    // Backdated past the in-flight window, as a lead from an earlier outage would be.
    // Its next attempt is due too: the handler's failed first attempt scheduled one up to a second
    // ahead (full jitter), and a CLI that started within that second found nothing due.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const backdated = { ...old, submittedAt: hourAgo, nextAttemptAt: hourAgo };
    rmSync(path.join(dir, readdirSync(dir).find((name) => name.includes(old.id)) ?? ""));
    await store.update(backdated);
    await store.add({
      endpoint: "/api/hubspot-press/",
      payload: validBodies["/api/hubspot-press/"],
      status: "failed",
    });
    const failed = (await store.list()).find((record) => record.status === "failed") as LeadRecord;
    await store.update({
      ...failed,
      attempts: 1,
      lastError: "HubSpot answered 404: Form not found",
    });

    const { stdout } = await cli(["--retry"], hubspotServerEnv(fake.origin));
    expect(stdout).toMatch(/forwarded\s+\/api\/hubspot-support\/\s+dev@example.org/);
    expect(stdout).toContain("1 pending lead(s): 1 forwarded");
    expect(fake.submissions).toHaveLength(1);

    const listing = await cli([], {});
    expect(listing.stdout).toMatch(/forwarded\s+\/api\/hubspot-support\//);
    expect(listing.stdout).toMatch(
      /failed\s+\/api\/hubspot-press\/\s+writer@example.org\s+1\s+HubSpot answered 404: Form not found/,
    );
    expect(listing.stdout).toContain("2 lead(s), 0 pending. 1 forwarded, 1 failed.");
  }, 30_000);
});

describe("formatLeads", () => {
  it("shows why a lead is not forwarded, and how to resend the pending ones", async () => {
    await pendingLead("/api/hubspot/");
    const text = formatLeads(await fileStore().list());
    expect(text).toMatch(
      /pending\s+\/api\/hubspot\/\s+ana.ruiz@example.org\s+ContactSales\s+1\s+\S+ \S+\s+HubSpot answered 500/,
    );
    expect(text).toContain("npm run leads -- --retry");
  });
});
