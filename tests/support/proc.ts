// Child processes of the scripts and tests: each in a process group of its own, so a signal reaches every
// process it started and nothing outlives it; builds watched for the rare hang that never ends by itself.
import { execFileSync, spawn, type StdioOptions } from "node:child_process";

export type RunOptions = {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  /** Watch for a tree that stopped working (see `BUILD_GUARD`); names the command in reports. */
  guard?: Partial<Guard> & { label: string };
};

export type RunResult = { code: number; signal: NodeJS.Signals | null; stuck: string | null };

/**
 * `gatsby build` runs queries in a worker and image jobs in the main process; very rarely the two wait on
 * each other for ever (gatsbyjs/gatsby#34051: CI once sat 81 minutes on a 2-second step). A build that works
 * uses CPU; a stuck one uses none. A tree that used under `minCpuSeconds` in `quietMs` is stuck; a deadline
 * backs that up for one that is busy but never ends.
 */
export type Guard = { quietMs: number; minCpuSeconds: number; deadlineMs: number };
export const BUILD_GUARD: Guard = {
  quietMs: 4 * 60_000,
  minCpuSeconds: 2,
  deadlineMs: 25 * 60_000,
};

/** The processes of a session (a detached child leads its own): CPU seconds in all, and one line each. */
export function sessionProcesses(sid: number): { cpuSeconds: number; lines: string[] } {
  let out = "";
  try {
    out = execFileSync("ps", ["-s", String(sid), "-o", "pid=,stat=,cputimes=,args="], {
      encoding: "utf8",
    });
  } catch {
    // ps exits 1 when the session has no process left.
  }
  const lines = out
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const cpuSeconds = lines.reduce((sum, line) => sum + Number(line.split(/\s+/)[2] ?? 0), 0);
  return { cpuSeconds, lines: lines.map((line) => line.slice(0, 200)) };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

/**
 * Runs `cmd args` as the leader of a new session and process group. SIGINT and SIGTERM sent to this process
 * go to the whole group; when the command exits, whatever it left in its group is killed.
 */
export function run(cmd: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { cwd, env = process.env, stdio = "inherit", guard } = options;
  const limits = { ...BUILD_GUARD, ...guard };
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio, detached: true });
    let stuck: string | null = null;
    const samples: { at: number; cpu: number }[] = [];
    const started = Date.now();
    const watch = guard
      ? setInterval(() => {
          if (!child.pid || stuck) return;
          const now = Date.now();
          const { cpuSeconds, lines } = sessionProcesses(child.pid);
          samples.push({ at: now, cpu: cpuSeconds });
          while (samples.length > 1 && samples[1]!.at <= now - limits.quietMs) samples.shift();
          const quiet =
            now - samples[0]!.at >= limits.quietMs * 0.9 &&
            cpuSeconds - samples[0]!.cpu < limits.minCpuSeconds;
          const late = now - started > limits.deadlineMs;
          if (!quiet && !late) return;
          stuck = quiet
            ? `used under ${limits.minCpuSeconds} s of CPU in ${limits.quietMs / 60_000} minutes: stuck, not slow`
            : `still running after ${limits.deadlineMs / 60_000} minutes`;
          console.error(`${guard.label}: ${stuck}. Its processes:\n  ${lines.join("\n  ")}`);
          signalGroup(child.pid, "SIGTERM");
          setTimeout(() => child.pid && signalGroup(child.pid, "SIGKILL"), 10_000).unref();
        }, 15_000)
      : undefined;
    const forward = (signal: NodeJS.Signals) => () => child.pid && signalGroup(child.pid, signal);
    const onInt = forward("SIGINT");
    const onTerm = forward("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      clearInterval(watch);
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      if (child.pid) signalGroup(child.pid, "SIGKILL");
      resolve({ code: code ?? 1, signal, stuck });
    };
    child.on("error", (error) => {
      console.error(`could not start ${cmd}: ${error.message}`);
      finish(1, null);
    });
    child.on("close", finish);
  });
}

/** `run` with the build guard, once more (after `beforeRetry`) when the first run was stuck. */
export async function runBuild(
  cmd: string,
  args: string[],
  options: RunOptions & { guard: RunOptions["guard"] & {}; beforeRetry(): void },
): Promise<RunResult & { stuckRuns: number }> {
  const first = await run(cmd, args, options);
  if (!first.stuck) return { ...first, stuckRuns: 0 };
  options.beforeRetry();
  console.error(`${options.guard.label}: running it once more from an empty cache`);
  const second = await run(cmd, args, options);
  return { ...second, code: second.stuck ? second.code || 1 : second.code, stuckRuns: 1 };
}
