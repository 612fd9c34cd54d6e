// Tests the guard that ends a stuck `gatsby build` (scripts/lib/buildguard.mjs): its judgement on samples,
// and, with real processes, that it ends a whole idle tree, leaves a busy one alone, and runs a stuck
// command once more.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createStallJudge,
  describeProcesses,
  groupAlive,
  parseCpuStat,
  runGuarded,
  runRetryingStuck,
} from "../../../scripts/lib/buildguard.mjs";

describe("parseCpuStat", () => {
  it("reads the state and the user and system ticks, whatever the command name holds", () => {
    const line = "4242 (node (x) y) S 4200 4242 4200 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 11 0";
    expect(parseCpuStat(line)).toEqual({ state: "S", utime: 1234, stime: 56 });
    expect(parseCpuStat("garbage")).toBeNull();
    expect(parseCpuStat("1 (x) S 0")).toBeNull();
  });
});

describe("createStallJudge", () => {
  const quietMs = 60_000;
  const minCpuMs = 1_000; // 100 ticks

  it("calls a tree that keeps using CPU busy, however long it runs", () => {
    const judge = createStallJudge({ quietMs, minCpuMs });
    for (let i = 0; i <= 60; i += 1) {
      // 1 s of CPU every 10 s: 6 s per minute.
      expect(judge.observe(i * 10_000, [{ pid: 1, ticks: i * 100 }])).toBe(false);
    }
  });

  it("calls a tree stuck once it used less than minCpuMs over the whole quiet window", () => {
    const judge = createStallJudge({ quietMs, minCpuMs });
    expect(judge.observe(0, [{ pid: 1, ticks: 5000 }])).toBe(false);
    // Idle from here on, but not for a whole window yet.
    for (let t = 10_000; t < 60_000; t += 10_000)
      expect(judge.observe(t, [{ pid: 1, ticks: 5000 }])).toBe(false);
    // A window has passed since the start; the first sample's ticks are older than the window.
    expect(judge.observe(70_000, [{ pid: 1, ticks: 5010 }])).toBe(true);
  });

  it("never calls a tree stuck on samples that could read none of its processes", () => {
    const judge = createStallJudge({ quietMs, minCpuMs });
    for (let t = 0; t <= 10 * quietMs; t += 10_000) expect(judge.observe(t, [])).toBe(false);
  });

  it("counts a process that appears with all its ticks, and one that ends as using nothing more", () => {
    const judge = createStallJudge({ quietMs, minCpuMs });
    judge.observe(0, [{ pid: 1, ticks: 100 }]);
    // pid 1 ended; pid 2 (a new worker) has used 2 s so far.
    expect(judge.observe(30_000, [{ pid: 2, ticks: 200 }])).toBe(false);
    expect(judge.observe(65_000, [{ pid: 2, ticks: 200 }])).toBe(false);
    // The worker's 2 s are now out of the window and nothing used any CPU since.
    expect(judge.observe(95_000, [{ pid: 2, ticks: 200 }])).toBe(true);
  });
});

const quick = { quietMs: 1_500, minCpuMs: 150, intervalMs: 200, deadlineMs: 60_000 };
const scratch: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "buildguard-"));
  scratch.push(dir);
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/** Writes `source` as a CommonJS script in a fresh folder: { dir, file }. */
function script(name: string, source: string): { dir: string; file: string } {
  const dir = tempDir();
  const file = path.join(dir, name);
  fs.writeFileSync(file, source);
  return { dir, file };
}

/** Runs a script under the quick guard with `run`; the guard's report lines are kept, not printed. */
async function guarded<R>(
  run: (cmd: string, args: string[], options: Parameters<typeof runGuarded>[2]) => Promise<R>,
  file: string,
  extra: { label?: string; beforeRetry?: () => void; guard?: typeof quick } = {},
): Promise<{ result: R; lines: string[] }> {
  const lines: string[] = [];
  const result = await run(process.execPath, [file], {
    stdio: "ignore",
    guard: quick,
    report: (line: string) => lines.push(line),
    ...extra,
  });
  return { result, lines };
}

afterEach(() => {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("runGuarded", () => {
  it("ends a tree whose processes all wait, the worker it forked included", async () => {
    const pidsFile = path.join(tempDir(), "pids");
    // A parent and a forked worker that wait on each other for ever, as the stuck build did.
    const { file } = script(
      "stuck.cjs",
      `const { fork } = require("node:child_process");
       if (process.argv[2] === "worker") setInterval(() => {}, 1e9);
       else {
         const worker = fork(__filename, ["worker"]);
         require("node:fs").writeFileSync(${JSON.stringify(pidsFile)}, process.pid + " " + worker.pid);
         setInterval(() => {}, 1e9);
       }`,
    );
    const { result, lines } = await guarded(runGuarded, file, { label: "stuck build" });
    expect(result.stuck?.reason).toMatch(/stuck, not slow/);
    const [parent, worker] = fs.readFileSync(pidsFile, "utf8").split(" ").map(Number);
    // The report names both processes, and neither is left.
    expect(result.stuck?.processes.map((p) => p.pid).sort()).toEqual([parent, worker].sort());
    expect(lines.join("\n")).toContain(`pid ${worker}`);
    expect(await until(() => !alive(worker!) && !alive(parent!))).toBe(true);
    expect(groupAlive(parent!)).toBe(false);
  });

  it("leaves a tree that keeps working alone until it exits by itself", async () => {
    // Busy for three quiet windows, then done.
    const { file } = script(
      "busy.cjs",
      `const end = Date.now() + 4500; while (Date.now() < end) {} process.exit(3);`,
    );
    const { result } = await guarded(runGuarded, file);
    expect(result).toMatchObject({ code: 3, stuck: null });
  });

  it("answers at once, with a failure, for a command that cannot start", async () => {
    const lines: string[] = [];
    const result = await runGuarded(path.join(tempDir(), "no-such-command"), [], {
      stdio: "ignore",
      guard: quick,
      report: (line) => lines.push(line),
    });
    expect(result).toMatchObject({ code: 1, stuck: null });
    expect(lines.join("\n")).toMatch(/Could not start .*no-such-command: spawn .* ENOENT/);
  });

  it("ends a busy tree at its deadline", async () => {
    const { file } = script("spin.cjs", `for (;;) {}`);
    const { result } = await guarded(runGuarded, file, { guard: { ...quick, deadlineMs: 1_000 } });
    expect(result.stuck?.reason).toMatch(/still running after/);
    expect(result.code).not.toBe(0);
  });
});

describe("runRetryingStuck", () => {
  it("runs a stuck command again after beforeRetry, and passes when the second run does", async () => {
    const marker = path.join(tempDir(), "first-run-done");
    // Stuck the first time, quick and successful the second.
    const { dir, file } = script(
      "flaky.cjs",
      `const fs = require("node:fs");
       if (fs.existsSync(${JSON.stringify(marker)})) process.exit(0);
       fs.writeFileSync(${JSON.stringify(marker)}, "");
       setInterval(() => {}, 1e9);`,
    );
    const cache = path.join(dir, ".cache");
    fs.mkdirSync(cache);
    const { result, lines } = await guarded(runRetryingStuck, file, {
      label: "gatsby build",
      beforeRetry: () => fs.rmSync(cache, { recursive: true }),
    });
    expect(result.code).toBe(0);
    expect(result.stuck).toBeNull();
    expect(result.stuckRuns).toHaveLength(1);
    // What npm test's summary prints about the ended run: the process, sleeping, and its command.
    const described = describeProcesses(result.stuckRuns[0]!.processes);
    expect(described).toMatch(/^ {2}pid \d+ S \d+\.\d s CPU {2}\S*node .*flaky\.cjs$/);
    expect(fs.existsSync(cache)).toBe(false);
    expect(lines.join("\n")).toMatch(/gatsby build: running it again \(run 2 of 2\)/);
  });

  it("fails when every run is stuck", async () => {
    const { file } = script("stuck.cjs", `setInterval(() => {}, 1e9);`);
    const { result, lines } = await guarded(runRetryingStuck, file, { label: "gatsby build" });
    expect(result.code).not.toBe(0);
    expect(result.stuckRuns).toHaveLength(2);
    expect(lines.at(-1)).toBe("gatsby build: stuck in each of 2 runs; giving up");
  });
});
