// How `npm test` counts: Vitest's and Playwright's JSON reports test by test, every other check as one test,
// and the summary it ends with (one row per step, the failures, one counting line).
import fs from "node:fs";

export type Counts = { passed: number; failed: number; skipped: number; failures: string[] };

export const emptyCounts = (): Counts => ({ passed: 0, failed: 0, skipped: 0, failures: [] });

export function addCounts(a: Counts, b: Counts): Counts {
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
    failures: [...a.failures, ...b.failures],
  };
}

/** A check (typecheck, lint, a build) counts as one test. */
export const countCheck = (ok: boolean, label: string): Counts =>
  ok
    ? { passed: 1, failed: 0, skipped: 0, failures: [] }
    : { passed: 0, failed: 1, skipped: 0, failures: [label] };

/** A JSON report, or null when it is missing or cut off (its runner died mid-write). */
export function readReport(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const shortFile = (name: string) => name.slice(Math.max(0, name.indexOf("/tests/") + 1));

type VitestReport = {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { status: string; fullName?: string; title: string }[];
  }[];
};

/** Every test once; a file that failed with no failing test (it did not load, a hook threw) fails once. */
export function countVitest(report: unknown): Counts {
  const counts = emptyCounts();
  const files = (report as VitestReport | null)?.testResults;
  if (!Array.isArray(files)) return countCheck(false, "vitest: no JSON report");
  for (const file of files) {
    let failedHere = 0;
    for (const test of file.assertionResults ?? []) {
      if (test.status === "passed") counts.passed += 1;
      else if (test.status === "failed") {
        counts.failed += 1;
        failedHere += 1;
        counts.failures.push(`${shortFile(file.name)} > ${test.fullName ?? test.title}`);
      } else counts.skipped += 1;
    }
    if (file.status === "failed" && failedHere === 0) {
      counts.failed += 1;
      counts.failures.push(`${shortFile(file.name)}: ${(file.message ?? "failed").split("\n")[0]}`);
    }
  }
  return counts;
}

type PlaywrightSuite = {
  title?: string;
  specs?: { title: string; tests?: { status: string }[] }[];
  suites?: PlaywrightSuite[];
};

/** Every test once: expected and flaky pass, skipped is skipped, anything else fails; errors outside tests fail. */
export function countPlaywright(report: unknown): Counts {
  const counts = emptyCounts();
  const root = report as { suites?: PlaywrightSuite[]; errors?: { message?: string }[] } | null;
  if (!Array.isArray(root?.suites)) return countCheck(false, "playwright: no JSON report");
  const walk = (suites: PlaywrightSuite[], titles: string[]): void => {
    for (const suite of suites) {
      const here = suite.title ? [...titles, suite.title] : titles;
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? []) {
          if (test.status === "expected" || test.status === "flaky") counts.passed += 1;
          else if (test.status === "skipped") counts.skipped += 1;
          else {
            counts.failed += 1;
            counts.failures.push([...here, spec.title].join(" > "));
          }
        }
      walk(suite.suites ?? [], here);
    }
  };
  walk(root.suites, []);
  for (const error of root.errors ?? []) {
    counts.failed += 1;
    counts.failures.push(`playwright: ${(error.message ?? "").split("\n")[0]}`);
  }
  return counts;
}

/** A runner that exited non-zero with no failing test counted still fails once (an unhandled error, a crash). */
export function reconcileExit(counts: Counts, code: number, label: string): Counts {
  if (code === 0 || counts.failed > 0) return counts;
  return addCounts(
    counts,
    countCheck(false, `${label} exited ${code} without a failing test (see above)`),
  );
}

export function finalLine({ passed, failed, skipped }: Counts): string {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
}

/** `--only=unit,e2e` (repeatable) as known step names, in run order; every step when absent. */
export function parseOnly(argv: string[], steps: readonly string[]): string[] {
  const chosen = argv
    .flatMap((arg, i) =>
      arg.startsWith("--only=") ? [arg.slice(7)] : arg === "--only" ? [argv[i + 1] ?? ""] : [],
    )
    .flatMap((value) => value.split(","))
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = chosen.filter((name) => !steps.includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown step "${unknown[0]}" (steps: ${steps.join(", ")})`);
  return chosen.length === 0 ? [...steps] : steps.filter((step) => chosen.includes(step));
}

export type StepRow = { step: string; status: string; counts: Counts; seconds?: number };

/** Prints one row per step, the failures, then the counting line; returns the total. */
export function printSummary(rows: StepRow[]): Counts {
  let total = emptyCounts();
  for (const row of rows) {
    total = addCounts(total, row.counts);
    const counted = row.counts.passed + row.counts.failed + row.counts.skipped > 1;
    const detail =
      row.status !== "passed" && row.status !== "failed"
        ? row.status
        : counted
          ? finalLine(row.counts)
          : row.status === "failed"
            ? "FAILED"
            : "passed";
    const time = row.seconds === undefined ? "" : `${row.seconds.toFixed(1).padStart(7)} s`;
    console.log(`  ${row.step.padEnd(13)} ${detail.padEnd(40)} ${time}`);
  }
  if (total.failures.length > 0)
    console.log(`\nfailed:\n${total.failures.map((f) => `  - ${f}`).join("\n")}`);
  console.log(finalLine(total));
  return total;
}
