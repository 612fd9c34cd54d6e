// The last check of `npm test`: no process the run started outlives it. Each inherits a marker in its
// environment, which survives the process groups and sessions servers make for themselves.
import fs from "node:fs";
import { countCheck, type StepRow } from "./results";

export const RUN_MARKER = "NPM_TEST_RUN_ID";

/** Live processes (not this one) whose environment holds RUN_MARKER=runId. Linux only: none without /proc. */
export function markedProcesses(
  runId: string,
  procDir = "/proc",
): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  const entries = fs.existsSync(procDir) ? fs.readdirSync(procDir) : [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = fs.readFileSync(`${procDir}/${entry}/environ`, "latin1").split("\0");
      if (!environ.includes(`${RUN_MARKER}=${runId}`)) continue;
      const command = fs
        .readFileSync(`${procDir}/${entry}/cmdline`, "utf8")
        .split("\0")
        .join(" ")
        .trim();
      // A zombie has no command line: it has ended, its parent just has not reaped it.
      if (command) found.push({ pid: Number(entry), command });
    } catch {
      // ended while being read, or not ours to read
    }
  }
  return found;
}

/** Waits up to five seconds for the run's processes to end, kills what is left, and reports it as a check. */
export async function leftovers(runId: string, procDir = "/proc"): Promise<StepRow> {
  const deadline = Date.now() + 5_000;
  let left = markedProcesses(runId, procDir);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = markedProcesses(runId, procDir);
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  const note = left.map(({ pid, command }) => `${pid} ${command.slice(0, 160)}`).join("; ");
  if (left.length > 0) console.error(`\nnpm test: processes left running (killed now): ${note}`);
  return {
    step: "leftovers",
    status: left.length === 0 ? "passed" : "failed",
    counts: countCheck(left.length === 0, `processes left running after the steps: ${note}`),
  };
}
