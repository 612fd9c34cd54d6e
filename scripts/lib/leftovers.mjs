// Finds processes a test run left behind: every process it starts inherits a marker in its environment.
import fs from "node:fs";
import { countCheck } from "./results.mjs";

/** The variable every step of `npm test` inherits; its value names one run. */
export const RUN_MARKER = "NPM_TEST_RUN_ID";

/** True when a /proc/<pid>/environ text (NUL-separated) carries `name=value`. */
export function environHas(text, name, value) {
  return text.split("\0").includes(`${name}=${value}`);
}

/**
 * Processes (other than `exclude`) whose environment carries RUN_MARKER=runId: { pid, command }.
 * Processes that end while being read, or that this user may not read, are skipped. Linux only: [] without /proc.
 */
export function markedProcesses(runId, { procDir = "/proc", exclude = [process.pid] } = {}) {
  let entries;
  try {
    entries = fs.readdirSync(procDir);
  } catch {
    return [];
  }
  const found = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (exclude.includes(pid)) continue;
    try {
      const environ = fs.readFileSync(`${procDir}/${entry}/environ`, "latin1");
      if (!environHas(environ, RUN_MARKER, runId)) continue;
      const command = fs
        .readFileSync(`${procDir}/${entry}/cmdline`, "utf8")
        .split("\0")
        .filter(Boolean)
        .join(" ");
      // A zombie has an empty command line and is already gone; its parent just has not reaped it.
      if (command) found.push({ pid, command });
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/**
 * Waits up to `graceMs` for the run's processes to end by themselves, then kills what is left.
 * Resolves to the processes that were still running (empty when the run cleaned up after itself).
 */
export async function reapLeftovers(runId, { graceMs = 5_000, procDir = "/proc", exclude } = {}) {
  const deadline = Date.now() + graceMs;
  let left = markedProcesses(runId, { procDir, exclude });
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = markedProcesses(runId, { procDir, exclude });
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  return left;
}

/** The run's last step: kills what the steps left running and reports it (a failed check naming each). */
export async function leftoversStep(runId) {
  const left = await reapLeftovers(runId);
  const note = left.map(({ pid, command }) => `${pid} ${command.slice(0, 160)}`).join("; ");
  if (left.length > 0) console.error(`\nnpm test: processes left running (killed now): ${note}`);
  return {
    step: "leftovers",
    status: left.length === 0 ? "passed" : "failed",
    counts: countCheck(left.length === 0, `processes left running after the steps: ${note}`),
  };
}
