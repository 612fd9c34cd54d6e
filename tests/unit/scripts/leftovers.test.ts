// The end-of-run check of `npm test`: processes that carry the run's marker are found, reported and killed.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  RUN_MARKER,
  environHas,
  markedProcesses,
  reapLeftovers,
} from "../../../scripts/lib/leftovers.mjs";

const children: ChildProcess[] = [];

/** A long-running node process, with or without the run's marker in its environment. */
async function startSleeper(marker: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000); console.log('up')"], {
    env: { PATH: process.env.PATH ?? "", ...marker },
    stdio: ["ignore", "pipe", "ignore"],
  });
  children.push(child);
  await new Promise((resolve) => child.stdout?.once("data", resolve));
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", resolve));

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited(child);
  }
});

describe.skipIf(process.platform !== "linux")("leftover processes of a test run", () => {
  it("reads a marker from a NUL-separated environment", () => {
    expect(environHas("A=1\0NPM_TEST_RUN_ID=x\0", RUN_MARKER, "x")).toBe(true);
    expect(environHas("A=1\0NPM_TEST_RUN_ID=xy\0", RUN_MARKER, "x")).toBe(false);
  });

  it("finds only the processes of this run, then kills them", async () => {
    const runId = randomUUID();
    const left = await startSleeper({ [RUN_MARKER]: runId });
    const other = await startSleeper({ [RUN_MARKER]: randomUUID() });
    const unmarked = await startSleeper({});

    const found = markedProcesses(runId);
    expect(found.map((entry) => entry.pid)).toEqual([left.pid]);
    expect(found[0]?.command).toContain("setInterval");

    const reaped = await reapLeftovers(runId, { graceMs: 300 });
    expect(reaped.map((entry) => entry.pid)).toEqual([left.pid]);
    await exited(left);
    expect(left.signalCode).toBe("SIGKILL");
    expect(other.exitCode ?? other.signalCode).toBeNull();
    expect(unmarked.exitCode ?? unmarked.signalCode).toBeNull();
    expect(markedProcesses(runId)).toEqual([]);
  });

  it("reports nothing when the run's processes end within the grace period", async () => {
    const runId = randomUUID();
    const child = await startSleeper({ [RUN_MARKER]: runId });
    setTimeout(() => child.kill("SIGTERM"), 100);
    expect(await reapLeftovers(runId, { graceMs: 3_000 })).toEqual([]);
  });
});
