// Tests how npm test counts vitest and Playwright results and writes its summary line.
import { describe, expect, it } from "vitest";
import {
  addCounts,
  countCheck,
  countPlaywright,
  countVitest,
  emptyCounts,
  finalLine,
  parseOnly,
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
