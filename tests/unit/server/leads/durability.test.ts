// @vitest-environment node
// Durability: the real server process, and a worker, are killed with SIGKILL; after a restart the lead is delivered.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import {
  hubspotServerEnv,
  startFakeHubspot,
  type FakeHubspot,
} from "../../../support/fakes/hubspot";
import { createPublicFixture, type PublicFixture } from "../support/public-fixture";
import {
  exited,
  spawnNode as spawnScript,
  startServerProcess,
} from "../../../support/serverProcess";
import { validBodies } from "../../leads/samples";

let fixture: PublicFixture;
let fake: FakeHubspot;
let storeDir: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  fixture = await createPublicFixture();
  fake = await startFakeHubspot();
});
afterEach(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
  rmSync(storeDir, { recursive: true, force: true });
});
afterAll(async () => {
  await fake.close();
  await fixture.cleanup();
});

function spawnNode(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawnScript(script, args, {
    ...process.env,
    ...hubspotServerEnv(fake.origin),
    LEADS_STORE_DIR: storeDir,
    ...env,
  });
  children.add(child);
  return child;
}

function startServer(env: Record<string, string>): { child: ChildProcess; url: Promise<string> } {
  const server = startServerProcess({
    ...hubspotServerEnv(fake.origin),
    LEADS_STORE_DIR: storeDir,
    PUBLIC_DIR: fixture.publicDir,
    ...env,
  });
  children.add(server.child);
  return server;
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

async function waitFor<T>(check: () => Promise<T | null> | T | null, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null && value !== false) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a lead survives SIGKILL", () => {
  it("of the serving process right after the 2xx: the restarted server's worker delivers it", async () => {
    storeDir = mkdtempSync(path.join(os.tmpdir(), "lead-store-"));
    fake.submissions.length = 0;
    fake.setMode("down");
    const first = startServer({ LEADS_WORKER_INTERVAL_MS: "0" });
    const base = await first.url;
    const port = Number(new URL(base).port);
    // The pid we hold runs main.ts itself, not a wrapper that would leave it behind.
    expect(readFileSync(`/proc/${first.child.pid}/cmdline`, "utf8")).toContain(
      "src/server/main.ts",
    );
    const response = await fetch(`${base}/api/hubspot-newsletter/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...validBodies["/api/hubspot-newsletter/"],
        email: "killed@example.org",
      }),
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    first.child.kill("SIGKILL");
    await exited(first.child);
    // Proof the killed process was the one serving: nobody answers on its port any more.
    expect(await refusesConnections(port)).toBe(true);

    fake.setMode("ok");
    const second = startServer({ LEADS_WORKER_INTERVAL_MS: "200" });
    await second.url;
    const delivered = await waitFor(
      () => fake.submissions.find((item) => item.values.email === "killed@example.org") ?? null,
    );
    expect(delivered.formGuid).toBe(hubspotServerEnv(fake.origin).HUBSPOT_FORM_NEWSLETTER);
    const record = await waitFor(async () => {
      const found = (await createFileLeadStore(storeDir).list()).find((item) => item.id === id);
      return found?.status === "forwarded" ? found : null;
    });
    expect(record.attempts).toBe(2);
    second.child.kill("SIGTERM");
    await exited(second.child);
  }, 60_000);

  it("of a worker between claiming a lead and delivering it: after its lease ends another run delivers it once", async () => {
    storeDir = mkdtempSync(path.join(os.tmpdir(), "lead-store-"));
    fake.submissions.length = 0;
    const store = createFileLeadStore(storeDir);
    const lead = await store.add({
      endpoint: "/api/hubspot-press/",
      payload: { ...validBodies["/api/hubspot-press/"], email: "claimed@example.org" },
    });
    fake.setMode("hang");
    // The shortest lease the server accepts for this timeout (a send plus the 10 s margin); the send
    // hangs inside the timeout until the worker is killed.
    const env = { LEADS_LEASE_MS: "20000", HUBSPOT_TIMEOUT_MS: "10000" };
    const worker = spawnNode("src/server/cli/leads.ts", ["--retry"], env);
    // Claimed (leased to the worker) and its send under way, not delivered: the fake holds the request.
    await waitFor(() => (fake.hangingCount() > 0 ? true : null));
    const leased = await store.get(lead.id);
    expect(leased?.leaseOwner).toMatch(/^worker:/);
    expect(readFileSync(`/proc/${worker.pid}/cmdline`, "utf8")).toContain(
      "src/server/cli/leads.ts",
    );
    worker.kill("SIGKILL");
    await exited(worker);
    fake.destroyHanging();
    fake.setMode("ok");
    expect((await store.get(lead.id))?.status).toBe("pending");

    const leaseLeft = Date.parse(leased?.leaseUntil ?? "") - Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, leaseLeft) + 100));
    const again = spawnNode("src/server/cli/leads.ts", ["--retry"], env);
    await exited(again);
    expect((await store.get(lead.id))?.status).toBe("forwarded");
    expect(
      fake.submissions.filter((item) => item.values.email === "claimed@example.org"),
    ).toHaveLength(1);
  }, 60_000);
});
