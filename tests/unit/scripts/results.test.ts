// Tests how npm test counts vitest and Playwright results and writes its summary line.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  addCounts,
  countCheck,
  countPlaywright,
  countVitest,
  countVitestErrors,
  emptyCounts,
  finalLine,
  parseOnly,
  readReport,
  reconcileExit,
} from "../../../scripts/lib/results.mjs";

/** Trimmed from a real `vitest run --reporter=json` of three files: mixed results, an import error, a failing hook. */
const vitestReport = {
  numTotalTests: 5,
  success: false,
  testResults: [
    {
      name: "/repo/tests/unit/a.test.ts",
      status: "failed",
      message: "",
      assertionResults: [
        { ancestorTitles: ["group"], fullName: "group passes", title: "passes", status: "passed" },
        { ancestorTitles: ["group"], fullName: "group fails", title: "fails", status: "failed" },
        {
          ancestorTitles: ["group"],
          fullName: "group skipped",
          title: "skipped",
          status: "skipped",
        },
        { ancestorTitles: ["group"], fullName: "group todo", title: "todo", status: "todo" },
      ],
    },
    {
      name: "/repo/tests/unit/b.test.ts",
      status: "failed",
      message: "\u001b[31mboom at import\u001b[39m\n    at b.test.ts:2",
      assertionResults: [],
    },
    {
      name: "/repo/tests/unit/c.test.ts",
      status: "failed",
      message: "hook failed",
      assertionResults: [{ ancestorTitles: [], fullName: "ok", title: "ok", status: "passed" }],
    },
    {
      name: "/repo/tests/unit/d.test.ts",
      status: "passed",
      message: "",
      assertionResults: [{ ancestorTitles: [], fullName: "fine", title: "fine", status: "passed" }],
    },
  ],
};

/** Shaped like Playwright's JSON reporter: nested suites, one test per project, top-level errors. */
function playwrightReport(errors: { message: string }[] = []) {
  return {
    config: {},
    suites: [
      {
        title: "smoke.spec.ts",
        file: "smoke.spec.ts",
        specs: [
          { title: "home", tests: [{ projectName: "chromium", status: "expected", results: [] }] },
          { title: "404", tests: [{ projectName: "chromium", status: "unexpected", results: [] }] },
        ],
        suites: [
          {
            title: "menus",
            specs: [
              {
                title: "opens by keyboard",
                tests: [
                  { projectName: "chromium", status: "flaky", results: [] },
                  { projectName: "phone", status: "skipped", results: [] },
                ],
              },
            ],
            suites: [
              {
                title: "nested",
                specs: [
                  { title: "deep", tests: [{ projectName: "chromium", status: "expected" }] },
                ],
              },
            ],
          },
        ],
      },
    ],
    errors,
  };
}

describe("readReport", () => {
  it("reads a whole report, and gives null for none or for one cut off while being written", () => {
    const dir = mkdtempSync(path.join(process.cwd(), "tests", "artifacts", "read-report-"));
    try {
      const whole = path.join(dir, "whole.json");
      const cut = path.join(dir, "cut.json");
      writeFileSync(whole, JSON.stringify({ numTotalTests: 2, success: true }));
      writeFileSync(cut, '{"numTotalTests": 2, "testRes');
      expect(readReport(whole)).toEqual({ numTotalTests: 2, success: true });
      expect(readReport(cut)).toBeNull();
      expect(readReport(path.join(dir, "missing.json"))).toBeNull();
      // What the counting makes of a missing or cut-off report: a failure that says so, never a pass.
      expect(countVitest(readReport(cut)).failures).toEqual(["vitest: no JSON report"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("countVitest", () => {
  it("counts every test once and every broken file as one failure", () => {
    const counts = countVitest(vitestReport);
    expect(counts).toMatchObject({ passed: 3, failed: 3, skipped: 2 });
    expect(counts.failures).toEqual([
      "tests/unit/a.test.ts > group fails",
      "tests/unit/b.test.ts: boom at import",
      "tests/unit/c.test.ts: hook failed",
    ]);
  });

  it("treats a missing or malformed report as one failure", () => {
    expect(countVitest(null)).toMatchObject({ passed: 0, failed: 1 });
    expect(countVitest({ nope: true })).toMatchObject({ failed: 1 });
  });

  it("counts an empty run as nothing", () => {
    expect(countVitest({ testResults: [] })).toMatchObject({ passed: 0, failed: 0, skipped: 0 });
  });
});

describe("countPlaywright", () => {
  it("counts each test of each project, walking nested suites", () => {
    const counts = countPlaywright(playwrightReport());
    expect(counts).toMatchObject({ passed: 3, failed: 1, skipped: 1 });
    expect(counts.failures).toEqual(["[chromium] smoke.spec.ts > 404"]);
  });

  it("counts errors outside tests, such as a web server that never started", () => {
    const counts = countPlaywright(
      playwrightReport([
        { message: "\u001b[31mError: Timed out waiting 60000ms from config.webServer.\u001b[39m" },
      ]),
    );
    expect(counts.failed).toBe(2);
    expect(counts.failures).toContain(
      "playwright: Error: Timed out waiting 60000ms from config.webServer.",
    );
  });

  it("treats a missing report as one failure", () => {
    expect(countPlaywright(undefined)).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe("reconcileExit", () => {
  it("adds one failure when the runner failed but no test did", () => {
    const counts = reconcileExit({ ...emptyCounts(), passed: 4 }, 1, "vitest");
    expect(counts).toMatchObject({ passed: 4, failed: 1 });
    expect(counts.failures[0]).toMatch(/vitest: exited with code 1/);
  });

  it("leaves counts alone when they already explain the exit code", () => {
    const counts = { ...emptyCounts(), passed: 4, failed: 2 };
    expect(reconcileExit(counts, 1, "vitest")).toEqual(counts);
    expect(reconcileExit({ ...emptyCounts(), passed: 4 }, 0, "vitest").failed).toBe(0);
  });
});

describe("countCheck and addCounts", () => {
  it("counts a check as one test and sums tallies", () => {
    const total = [
      countCheck(true, "typecheck"),
      countCheck(false, "lint"),
      countVitest(vitestReport),
    ].reduce(addCounts, emptyCounts());
    expect(total).toMatchObject({ passed: 4, failed: 4, skipped: 2 });
    expect(total.failures[0]).toBe("lint");
  });
});

describe("finalLine", () => {
  it("names skipped tests only when there are some", () => {
    expect(finalLine({ passed: 12, failed: 0, skipped: 0 })).toBe("12 passed, 0 failed");
    expect(finalLine({ passed: 12, failed: 1, skipped: 3 })).toBe("12 passed, 1 failed, 3 skipped");
  });
});

describe("parseOnly", () => {
  const steps = ["typecheck", "lint", "unit", "build", "e2e"];

  it("runs every step by default", () => {
    expect(parseOnly([], steps)).toEqual(steps);
  });

  it("keeps the canonical order whatever order was asked for", () => {
    expect(parseOnly(["--only=e2e,unit"], steps)).toEqual(["unit", "e2e"]);
    expect(parseOnly(["--only", "lint", "--only=typecheck"], steps)).toEqual(["typecheck", "lint"]);
  });

  it("rejects unknown steps", () => {
    expect(() => parseOnly(["--only=unit,e3e"], steps)).toThrow(/unknown step "e3e"/);
  });
});

describe("countVitestErrors", () => {
  it("counts each unhandled error once, with the file and the latest test", () => {
    const counts = countVitestErrors({
      reason: "failed",
      unhandledErrors: [
        {
          name: "TypeError",
          message: "Cannot read properties of null\n    at later (x.ts:3:1)",
          testPath: "/repo/tests/unit/forms/Form.test.tsx",
          testName: "sends once",
        },
        { name: "Error", message: "socket hang up" },
      ],
    });
    expect(counts).toMatchObject({ passed: 0, failed: 2, skipped: 0 });
    expect(counts.failures).toEqual([
      'vitest: unhandled TypeError: Cannot read properties of null in tests/unit/forms/Form.test.tsx (latest test: "sends once")',
      "vitest: unhandled Error: socket hang up",
    ]);
  });

  it("counts nothing when the run had none or wrote no file", () => {
    expect(countVitestErrors({ reason: "passed", unhandledErrors: [] }).failed).toBe(0);
    expect(countVitestErrors(null).failed).toBe(0);
  });
});

describe("the unhandled-errors reporter (scripts/lib/vitestErrors.mjs)", () => {
  it("records an error no test awaited, which fails a run whose every test passed", async () => {
    // A real Vitest run of a scratch file whose only test passes and leaves a rejection behind.
    mkdirSync(path.join(process.cwd(), "tests", "artifacts"), { recursive: true });
    const dir = mkdtempSync(path.join(process.cwd(), "tests", "artifacts", "vitest-errors-"));
    try {
      writeFileSync(
        path.join(dir, "leak.test.mjs"),
        [
          'import { it } from "vitest";',
          'it("passes and leaves a rejection behind", async () => {',
          '  void Promise.reject(new RangeError("nobody awaited this"));',
          "  await new Promise((resolve) => setTimeout(resolve, 50));",
          "});",
          "",
        ].join("\n"),
      );
      writeFileSync(path.join(dir, "vitest.config.mjs"), "export default { test: {} };\n");
      const errorsFile = path.join(dir, "errors.json");
      const run = spawnSync(
        process.execPath,
        [
          path.join(process.cwd(), "node_modules", "vitest", "vitest.mjs"),
          "run",
          "--root",
          dir,
          "--reporter=dot",
          `--reporter=${path.join(process.cwd(), "scripts", "lib", "vitestErrors.mjs")}`,
        ],
        { encoding: "utf8", env: { ...process.env, VITEST_ERRORS_FILE: errorsFile } },
      );
      expect(run.status).toBe(1);
      const counts = countVitestErrors(JSON.parse(readFileSync(errorsFile, "utf8")));
      expect(counts.failed).toBe(1);
      expect(counts.failures[0]).toMatch(/^vitest: unhandled RangeError: nobody awaited this in /);
      expect(counts.failures[0]).toMatch(/leak\.test\.mjs \(latest test: ".*passes and leaves/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
