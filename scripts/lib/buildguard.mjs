// Runs a build whose process tree can stop making progress without exiting, and ends it when it does.
//
// Why: `gatsby build` runs its queries in a worker process and hands image jobs to the main process. Very
// rarely the two stop waiting on anything that will happen: CI once sat on "run queries in workers" and
// "Running gatsby-plugin-sharp.IMAGE_PROCESSING jobs" for 81 minutes, where they take 2 seconds (a known
// upstream report: gatsbyjs/gatsby#34051). A build that works always uses CPU; a stuck one uses none. So
// the guard samples the CPU time of the build's whole process tree, and a tree that used almost none for
// `quietMs` is stuck: it prints what each process was doing, ends the process group, and says so. A
// deadline backs this up for a tree that is busy but never finishes.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { descendants, readParents, readProcText, statFields } from "./proctree.mjs";

/** Clock ticks per second of /proc/<pid>/stat's CPU fields (USER_HZ, 100 on Linux everywhere). */
export const TICKS_PER_SECOND = 100;

/** { utime, stime, state } of a /proc/<pid>/stat line (fields 14, 15 and 3), or null. */
export function parseCpuStat(text) {
  const rest = statFields(text);
  if (!rest) return null;
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isInteger(utime) || !Number.isInteger(stime)) return null;
  return { state: rest[0], utime, stime };
}

/** Every live process of the tree under rootPid: { pid, state, ticks, command }. */
export function treeCpu(rootPid, procDir = "/proc") {
  const members = [];
  for (const pid of descendants(rootPid, readParents(procDir))) {
    const stat = readProcText(`${procDir}/${pid}/stat`);
    const cpu = stat && parseCpuStat(stat);
    if (!cpu) continue;
    const cmdline = readProcText(`${procDir}/${pid}/cmdline`) ?? "";
    const command = cmdline.split("\0").filter(Boolean).join(" ").slice(0, 160);
    members.push({ pid, state: cpu.state, ticks: cpu.utime + cpu.stime, command });
  }
  return members;
}

/**
 * Judges a series of samples of a process tree. Each `observe(now, members)` adds the CPU ticks the tree
 * used since the last sample (a process that appeared counts all of its ticks; one that ended counts
 * nothing more) and answers whether the tree is stuck: at least `quietMs` observed, and fewer than
 * `minCpuMs` of CPU used in the last `quietMs`. A sample with no process in it is not evidence of
 * anything and is skipped.
 */
export function createStallJudge({ quietMs, minCpuMs }) {
  const last = new Map();
  const window = []; // { at, ticks } per sample
  let first = null;
  return {
    observe(now, members) {
      // Nothing readable (the tree between processes, or a /proc that hides them) says nothing.
      if (members.length === 0) return false;
      if (first === null) first = now;
      let ticks = 0;
      const seen = new Map();
      for (const { pid, ticks: total } of members) {
        ticks += Math.max(0, total - (last.get(pid) ?? 0));
        seen.set(pid, total);
      }
      last.clear();
      for (const [pid, total] of seen) last.set(pid, total);
      window.push({ at: now, ticks });
      while (window.length > 0 && window[0].at <= now - quietMs) window.shift();
      if (now - first < quietMs) return false;
      const usedMs = (window.reduce((sum, s) => sum + s.ticks, 0) * 1000) / TICKS_PER_SECOND;
      return usedMs < minCpuMs;
    },
  };
}

/** The defaults for a `gatsby build` of this site (about 1.5 minutes here, 4 on a slow day). */
export const BUILD_GUARD = {
  quietMs: 4 * 60_000,
  minCpuMs: 2_000,
  deadlineMs: 20 * 60_000,
  intervalMs: 10_000,
};

/** One line per process: pid, state (S sleeping, R running, T stopped, D in I/O), CPU time, command. */
export function describeProcesses(members) {
  return members
    .map(
      (m) =>
        `  pid ${m.pid} ${m.state} ${(m.ticks / TICKS_PER_SECOND).toFixed(1)} s CPU  ${m.command}`,
    )
    .join("\n");
}

/**
 * Runs `cmd args` in a process group of its own, watched as above. Resolves to
 * { code, signal, stuck }, where stuck is null, or why the guard ended the tree (with its processes).
 * SIGINT and SIGTERM sent to this process are passed on to the whole group. Options: cwd, env, stdio,
 * onSpawn(child), label (for the report), guard (overrides of BUILD_GUARD), report(line), procDir.
 */
export function runGuarded(cmd, args, options = {}) {
  const { cwd, env, stdio = "inherit", label = cmd, procDir = "/proc", onSpawn } = options;
  const { quietMs, minCpuMs, deadlineMs, intervalMs } = { ...BUILD_GUARD, ...options.guard };
  const report = options.report ?? ((line) => console.error(line));
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(cmd, args, { cwd, env: env ?? process.env, stdio, detached: true });
    } catch (error) {
      report(`Could not start ${cmd}: ${error.message}`);
      resolve({ code: 1, signal: null, stuck: null });
      return;
    }
    onSpawn?.(child);
    const started = Date.now();
    const judge = createStallJudge({ quietMs, minCpuMs });
    let stuck = null;
    let exited = false;
    const signalGroup = (sig) => {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // the group is gone already
      }
    };
    const end = (why, members) => {
      if (stuck) return;
      stuck = { reason: why, processes: members };
      report(
        `${label}: ${why}. Its processes:\n${describeProcesses(members)}\nEnding the process group.`,
      );
      signalGroup("SIGTERM");
      setTimeout(() => {
        if (!exited || groupAlive(child.pid, procDir)) signalGroup("SIGKILL");
      }, 10_000).unref();
    };
    const timer = setInterval(() => {
      if (!child.pid) return;
      let members;
      try {
        members = treeCpu(child.pid, procDir);
      } catch {
        return;
      }
      const now = Date.now();
      if (judge.observe(now, members)) {
        end(
          `used less than ${minCpuMs / 1000} s of CPU in ${quietMs / 60_000} minutes: it is stuck, not slow`,
          members,
        );
      } else if (now - started > deadlineMs) {
        end(`still running after ${deadlineMs / 60_000} minutes`, members);
      }
    }, intervalMs);
    const onInt = () => signalGroup("SIGINT");
    const onTerm = () => signalGroup("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    const finish = (code, signal) => {
      if (exited) return;
      exited = true;
      clearInterval(timer);
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      // Workers the build left behind belong to its group: none may outlive it.
      if (child.pid && groupAlive(child.pid, procDir)) signalGroup("SIGKILL");
      resolve({ code: code ?? 1, signal, stuck });
    };
    child.on("error", (error) => {
      report(`Could not start ${cmd}: ${error.message}`);
      // A command that never started has no exit to wait for.
      if (!child.pid) finish(1, null);
    });
    child.on("close", finish);
  });
}

/** Whether any process is left in the process group `pgid`. */
export function groupAlive(pgid, procDir = "/proc") {
  for (const name of fs.readdirSync(procDir)) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcText(`${procDir}/${name}/stat`);
    const rest = stat && statFields(stat);
    if (!rest) continue;
    // rest[2] is field 5, the process group; a zombie waits only for its parent to reap it.
    if (Number(rest[2]) === pgid && rest[0] !== "Z") return true;
  }
  return false;
}

/**
 * runGuarded, and once more (up to `attempts` in all) when the guard found the tree stuck, calling
 * `beforeRetry()` first. Resolves to the last run's result with `stuckRuns`, what the guard found in each
 * run it ended ({ reason, processes }); a command that was stuck every time fails (code 1 at least).
 */
export async function runRetryingStuck(cmd, args, options = {}) {
  const { attempts = 2, beforeRetry, ...runOptions } = options;
  const report = runOptions.report ?? ((line) => console.error(line));
  const label = runOptions.label ?? cmd;
  const stuckRuns = [];
  for (let attempt = 1; ; attempt += 1) {
    const result = await runGuarded(cmd, args, runOptions);
    if (!result.stuck) return { ...result, stuckRuns };
    stuckRuns.push(result.stuck);
    if (attempt >= attempts) {
      report(`${label}: stuck in each of ${attempts} runs; giving up`);
      return { ...result, code: result.code || 1, stuckRuns };
    }
    await beforeRetry?.();
    report(`${label}: running it again (run ${attempt + 1} of ${attempts})`);
  }
}
