// @vitest-environment node
// Tests the local server process: it starts on a given port, serves, and exits 0 on SIGTERM/SIGINT.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPublicFixture, type PublicFixture } from "./support/public-fixture";

const REPO = path.resolve(__dirname, "../../..");
const MAIN = path.join(REPO, "src/server/main.ts");

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(env: Record<string, string>): Started {
  // tsx as a loader inside node itself: the pid signalled below is the process that serves.
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    cwd: REPO,
    env: { ...process.env, PORT: "0", GEO_COUNTRY: "", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function waitForUrl(started: Started, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /listening on (http:\/\/\S+)/.exec(started.output());
    if (match?.[1]) return match[1];
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start:\n${started.output()}`);
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | "timeout"> {
  return Promise.race([
    promise,
    new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms)),
  ]);
}

let fixture: PublicFixture;
const children: ChildProcess[] = [];

beforeAll(async () => {
  fixture = await createPublicFixture();
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

afterAll(async () => {
  await fixture.cleanup();
});

describe("src/server/main.ts", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "serves, then exits 0 on %s",
    async (signal) => {
      const started = start({ PUBLIC_DIR: fixture.publicDir, GEO_COUNTRY: "DE" });
      children.push(started.child);
      const url = await waitForUrl(started);

      const home = await fetch(url);
      expect(home.status).toBe(200);
      expect(await home.text()).toBe(fixture.files["index.html"]);
      const country = await fetch(new URL("/api/get-country", url));
      expect(await country.json()).toEqual({ country: "DE" });

      started.child.kill(signal);
      expect(await within(started.exited, 5000)).toBe(0);
      expect(started.output()).toMatch(/GET \/ 200/);
    },
    30_000,
  );

  it.each([
    [
      { LEADS_LEASE_MS: "5000" },
      "LEADS_LEASE_MS must exceed HUBSPOT_TIMEOUT_MS (8000) by at least 10000 ms",
    ],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY must be a hop count"],
    [
      { TRUST_PROXY: "private, 0.0.0.0/0" },
      'TRUST_PROXY must not trust a range with public addresses in it, got "0.0.0.0/0"',
    ],
  ])(
    "refuses to start with %j, saying why",
    async (env, message) => {
      const started = start({ PUBLIC_DIR: fixture.publicDir, ...env });
      children.push(started.child);
      expect(await within(started.exited, 15_000)).toBe(1);
      expect(started.output()).toContain(message);
      expect(started.output()).not.toMatch(/listening on/);
    },
    30_000,
  );

  it("refuses to start without a build, saying what to do", async () => {
    const started = start({ PUBLIC_DIR: path.join(fixture.root, "missing") });
    children.push(started.child);
    expect(await within(started.exited, 15_000)).toBe(1);
    expect(started.output()).toContain("run npm run build first");
  }, 30_000);
});
