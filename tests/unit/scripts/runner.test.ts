// How `npm test` counts (scripts/lib/results.ts) and its last check (scripts/lib/leftovers.ts): a run that fails
// must never be counted as passed, and a process the run left behind is found and killed.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { leftovers, markedProcesses, RUN_MARKER } from "../../../scripts/lib/leftovers";
import { countPlaywright, countVitest, reconcileExit } from "../../../scripts/lib/results";

describe("counting the runners' reports", () => {
  it("counts a Vitest file that failed without a failing test (it did not load) as one failure", () => {
    const counts = countVitest({
      testResults: [
        {
          name: "/r/tests/unit/a.test.ts",
          status: "passed",
          assertionResults: [{ status: "passed", title: "a" }],
        },
        {
          name: "/r/tests/unit/b.test.ts",
          status: "failed",
          message: "Cannot find module x\n  at …",
          assertionResults: [],
        },
        {
          name: "/r/tests/unit/c.test.ts",
          status: "failed",
          assertionResults: [{ status: "failed", title: "c", fullName: "c > c" }],
        },
      ],
    });
    expect(counts).toMatchObject({ passed: 1, failed: 2 });
    expect(counts.failures).toEqual([
      "tests/unit/b.test.ts: Cannot find module x",
      "tests/unit/c.test.ts > c > c",
    ]);
    expect(countVitest(null)).toMatchObject({ passed: 0, failed: 1 });
  });

  it("counts a non-zero exit with no failing test as a failure, and no more than the failures otherwise", () => {
    const passed = { passed: 3, failed: 0, skipped: 0, failures: [] };
    expect(reconcileExit(passed, 1, "vitest")).toMatchObject({ passed: 3, failed: 1 });
    expect(reconcileExit(passed, 0, "vitest")).toEqual(passed);
    const failed = { passed: 3, failed: 1, skipped: 0, failures: ["x"] };
    expect(reconcileExit(failed, 1, "vitest")).toEqual(failed);
  });

  it("reads Playwright's statuses: flaky passes, skipped is skipped, the rest and errors outside tests fail", () => {
    const spec = (title: string, status: string) => ({ title, tests: [{ status }] });
    const counts = countPlaywright({
      suites: [
        {
          title: "a.spec.ts",
          specs: [spec("ok", "expected"), spec("retried", "flaky"), spec("off", "skipped")],
          suites: [
            { title: "group", specs: [spec("late", "timedOut"), spec("wrong", "unexpected")] },
          ],
        },
      ],
      errors: [{ message: "webServer exited early\nmore" }],
    });
    expect(counts).toMatchObject({ passed: 2, skipped: 1, failed: 3 });
    expect(counts.failures).toEqual([
      "a.spec.ts > group > late",
      "a.spec.ts > group > wrong",
      "playwright: webServer exited early",
    ]);
  });
});

describe("leftovers", () => {
  it("finds a process started with the run's marker, kills it and fails the check; none passes", async () => {
    const runId = randomUUID();
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
      env: { ...process.env, [RUN_MARKER]: runId },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    await new Promise((resolve) => child.once("spawn", resolve));
    expect(markedProcesses(runId).map((p) => p.pid)).toEqual([child.pid]);
    const row = await leftovers(runId);
    expect(row.status).toBe("failed");
    expect(await exited).toBe("SIGKILL");
    expect((await leftovers(runId)).status).toBe("passed");
  }, 30_000);
});
