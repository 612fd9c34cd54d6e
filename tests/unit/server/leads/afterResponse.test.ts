// @vitest-environment node
// A lead the form post could not send starts delivery after the response, on each host, through the real entry
// points: the local server wakes its worker loop, Vercel's lead function drains in waitUntil, Netlify's invokes the
// background function with the drain token. Each lead reaches HubSpot once; a forged token starts nothing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import postgres from "postgres";
import { POST as vercelContact } from "../../../../api/hubspot";
import { POST as vercelWorker } from "../../../../api/leads-worker";
import netlifyContact from "../../../../functions/hubspot";
import netlifyDrain from "../../../../functions/leads-drain-background";
import { readLeadsEnv } from "../../../../src/server/env";
import { drainToken } from "../../../../src/server/leads/drain";
import { createLeadHandler } from "../../../../src/server/leads/handler";
import { closeLeadStores } from "../../../../src/server/leads/openLeadStore";
import { NETLIFY_DRAIN_PATH, startWorkerLoop } from "../../../../src/server/leads/workerRunner";
import { startServer, type RunningServer } from "../../../../src/server/main";
import {
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { createDatabase, startPostgres, type TestPostgres } from "../../../support/postgres";
import { validBodies } from "../../leads/samples";
import { createPublicFixture, type PublicFixture } from "../support/public-fixture";

let pg: TestPostgres;
let fake: FakeHubspot;
let fixture: PublicFixture;

beforeAll(async () => {
  [pg, fake, fixture] = await Promise.all([
    startPostgres(),
    startFakeHubspot({ rateLimit: { max: 1000, windowMs: 10_000 } }),
    createPublicFixture(),
  ]);
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await pg?.stop();
  await fixture?.cleanup();
});

beforeEach(async () => {
  for (const [name, value] of Object.entries(hubspotServerEnv(fake.origin)))
    vi.stubEnv(name, value);
  vi.stubEnv("DATABASE_URL", await createDatabase(pg.url, "after"));
  vi.stubEnv("HUBSPOT_TIMEOUT_MS", "2000");
  vi.stubEnv("CRON_SECRET", "");
  // Only a wake can explain a prompt delivery: the loop's own interval is ten minutes.
  vi.stubEnv("LEADS_WORKER_INTERVAL_MS", "600000");
  fake.setMode("ok");
  fake.submissions.length = 0;
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(async () => {
  await closeLeadStores();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const ORIGIN = "https://site.example";

function leadRequest(url: string, email: string): Request {
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({ ...validBodies["/api/hubspot/"], email }),
  });
}

const submissionsOf = (email: string) =>
  fake.submissions.filter((item) => item.values.email === email).length;

async function statusOf(email: string): Promise<string[]> {
  const sql = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql<{ status: string }[]>`
      SELECT status FROM leads WHERE record->'payload'->>'email' = ${email}`;
    return rows.map((row) => row.status);
  } finally {
    await sql.end();
  }
}

describe("the local server", () => {
  let server: RunningServer | null = null;
  let stopLoop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await server?.close();
    await stopLoop?.();
  });

  it("wakes its worker loop when a form post leaves a lead pending", async () => {
    const loop = startWorkerLoop(readLeadsEnv(), () => undefined);
    stopLoop = loop.stop;
    server = await startServer({
      publicDir: fixture.publicDir,
      port: 0,
      host: "127.0.0.1",
      deliverLater: loop.wake,
      logger: () => undefined,
    });
    // HubSpot fails the post's own attempt; the lead is due again within a second.
    fake.setMode("down", true);
    const email = "node.after@example.org";
    const answer = await fetch(leadRequest(`http://127.0.0.1:${server.port}/api/hubspot/`, email));
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(submissionsOf(email)).toBe(1), { timeout: 20_000 });
    await vi.waitFor(async () => expect(await statusOf(email)).toEqual(["forwarded"]));
  }, 60_000);
});

describe("Vercel", () => {
  it("drains in the lead function's waitUntil: one drain for a burst, each lead once", async () => {
    fake.setMode("down");
    const work: Promise<unknown>[] = [];
    const context = { waitUntil: (promise: Promise<unknown>) => void work.push(promise) };
    const emails = ["vercel.a@example.org", "vercel.b@example.org", "vercel.c@example.org"];
    const answers = await Promise.all(
      emails.map((email) => vercelContact(leadRequest(`${ORIGIN}/api/hubspot/`, email), context)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(work).toHaveLength(3);
    fake.setMode("ok");
    await Promise.all(work);
    for (const email of emails) {
      expect(submissionsOf(email), email).toBe(1);
      expect(await statusOf(email)).toEqual(["forwarded"]);
    }
  }, 60_000);

  it("without waitUntil nothing is started: the lead waits, pending, for the cron", async () => {
    fake.setMode("down", true);
    const email = "vercel.nowait@example.org";
    expect((await vercelContact(leadRequest(`${ORIGIN}/api/hubspot/`, email))).status).toBe(200);
    expect(await statusOf(email)).toEqual(["pending"]);
  });

  it("POST /api/leads-worker starts a drain with the drain token only", async () => {
    fake.setMode("down", true);
    const email = "vercel.handover@example.org";
    await vercelContact(leadRequest(`${ORIGIN}/api/hubspot/`, email));
    const work: Promise<unknown>[] = [];
    const context = { waitUntil: (promise: Promise<unknown>) => void work.push(promise) };
    const call = (authorization?: string) =>
      vercelWorker(
        new Request(`${ORIGIN}/api/leads-worker`, {
          method: "POST",
          headers: authorization ? { authorization } : {},
        }),
        context,
      );
    const token = drainToken(readLeadsEnv()) ?? "";
    for (const forged of [undefined, "Bearer forged", `Bearer ${token}x`, token]) {
      const refused = await call(forged);
      expect(refused.status, String(forged)).toBe(401);
    }
    expect(work).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(submissionsOf(email)).toBe(0);
    const started = await call(`Bearer ${token}`);
    expect(started.status).toBe(202);
    expect(work).toHaveLength(1);
    await Promise.all(work);
    expect(submissionsOf(email)).toBe(1);
  }, 60_000);
});

describe("Netlify", () => {
  let site: http.Server | null = null;
  afterEach(async () => {
    if (site) await new Promise((resolve) => site?.close(resolve));
    site = null;
  });

  /**
   * Netlify in miniature: the lead function at /api/hubspot/ with a context whose waitUntil is kept,
   * and the background function answering 202 at once and running on.
   */
  let invocations = 0;
  async function netlifySite(work: Promise<unknown>[]): Promise<string> {
    invocations = 0;
    site = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const url = `http://127.0.0.1:${(site?.address() as AddressInfo).port}${req.url}`;
        const request = new Request(url, {
          method: req.method ?? "GET",
          headers: req.headers as Record<string, string>,
          ...(req.method === "POST" ? { body } : {}),
        });
        if (req.url === NETLIFY_DRAIN_PATH) {
          invocations += 1;
          res.writeHead(202).end();
          work.push(netlifyDrain(request));
          return;
        }
        const context = { ip: "203.0.113.20", waitUntil: (p: Promise<unknown>) => work.push(p) };
        void netlifyContact(request, context).then(async (answer) => {
          res.writeHead(answer.status, { "content-type": "application/json" });
          res.end(await answer.text());
        });
      });
    });
    await new Promise<void>((resolve) => site?.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(site?.address() as AddressInfo).port}`;
  }

  /** Waits until the work the platform keeps alive (and the work it starts) has settled. */
  async function settled(work: Promise<unknown>[]): Promise<void> {
    for (let done = 0; done < work.length; done = work.length) await Promise.all(work);
  }

  it("a lead function invokes the background drain once for a burst; each lead reaches HubSpot once", async () => {
    const work: Promise<unknown>[] = [];
    const origin = await netlifySite(work);
    fake.setMode("down");
    const emails = ["netlify.a@example.org", "netlify.b@example.org", "netlify.c@example.org"];
    const answers = await Promise.all(
      emails.map((email) => fetch(leadRequest(`${origin}/api/hubspot/`, email))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    fake.setMode("ok");
    await settled(work);
    // The first post took the drain hold and invoked it; the others found it taken.
    expect(invocations).toBe(1);
    for (const email of emails) {
      expect(submissionsOf(email), email).toBe(1);
      expect(await statusOf(email)).toEqual(["forwarded"]);
    }
  }, 60_000);

  it("the background function refuses a call without the drain token", async () => {
    fake.setMode("down", true);
    const email = "netlify.forged@example.org";
    const work: Promise<unknown>[] = [];
    const origin = await netlifySite(work);
    // Stored by the handler alone, so no background drain is started for it.
    await createLeadHandler("/api/hubspot/")(leadRequest(`${origin}/api/hubspot/`, email));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const authorization of ["", "Bearer forged"]) {
      await netlifyDrain(
        new Request(`${origin}${NETLIFY_DRAIN_PATH}`, {
          method: "POST",
          headers: authorization ? { authorization } : {},
          body: "{}",
        }),
      );
    }
    expect(work).toHaveLength(0);
    expect(submissionsOf(email)).toBe(0);
    expect(await statusOf(email)).toEqual(["pending"]);
  });
});
