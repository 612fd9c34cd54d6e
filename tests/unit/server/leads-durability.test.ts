// @vitest-environment node
// Durability: the real local server is killed right after answering 2xx; after a restart the lead is still there.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicFixture, type PublicFixture } from "./support/public-fixture";
import { validBodies } from "../forms/samples";

const REPO = path.resolve(__dirname, "../../..");
const TSX = path.join(REPO, "node_modules/.bin/tsx");

let fixture: PublicFixture;
let outbox: string;

beforeAll(async () => {
  fixture = await createPublicFixture();
  outbox = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
});
afterAll(async () => {
  await fixture.cleanup();
  rmSync(outbox, { recursive: true, force: true });
});

function start(): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(TSX, ["src/server/main.ts"], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      PUBLIC_DIR: fixture.publicDir,
      LEADS_OUTBOX_DIR: outbox,
      HUBSPOT_PORTAL_ID: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, url };
}

describe("a lead survives the server being killed", () => {
  it("is in the outbox after SIGKILL right after the 2xx, and `npm run leads -- --json` lists it", async () => {
    const first = start();
    const base = (await first.url).replace(/\/$/, "");
    const response = await fetch(`${base}/api/hubspot-newsletter/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validBodies["/api/hubspot-newsletter/"]),
    });
    const answer = await response.text();
    expect(response.status, answer).toBe(200);
    const { id } = JSON.parse(answer) as { id: string };
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));

    const second = start();
    await second.url;
    second.child.kill("SIGTERM");

    const listed = spawnSync(TSX, ["src/server/leads-cli.ts", "--json"], {
      cwd: REPO,
      env: { ...process.env, LEADS_OUTBOX_DIR: outbox },
      encoding: "utf8",
    });
    expect(listed.status).toBe(0);
    const records = JSON.parse(listed.stdout) as {
      id: string;
      status: string;
      payload: { email: string };
    }[];
    expect(records).toContainEqual(
      expect.objectContaining({
        id,
        status: "pending",
        payload: expect.objectContaining({ email: "reader@example.org" }),
      }),
    );

    const table = spawnSync(TSX, ["src/server/leads-cli.ts"], {
      cwd: REPO,
      env: { ...process.env, LEADS_OUTBOX_DIR: outbox },
      encoding: "utf8",
    });
    expect(table.stdout).toContain("reader@example.org");
    expect(table.stdout).toContain("1 lead(s), 1 pending.");
  }, 30_000);
});
