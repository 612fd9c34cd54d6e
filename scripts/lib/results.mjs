// Turns vitest and Playwright JSON reports and single checks into pass/fail/skip counts and the summary line.
import { readJsonOrNull } from "./jsonfile.mjs";

/** A run's JSON report, or null when the run wrote none or stopped halfway through writing it. */
export function readReport(file) {
  return readJsonOrNull(file);
}

/** An empty tally. `failures` holds short descriptions of what failed. */
export function emptyCounts() {
  return { passed: 0, failed: 0, skipped: 0, failures: [] };
}

/** Adds tally b into a new tally. */
export function addCounts(a, b) {
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
    failures: [...a.failures, ...b.failures],
  };
}

const VITEST_SKIPPED = new Set(["skipped", "pending", "todo", "disabled"]);

/**
 * Counts a vitest JSON report (`--reporter=json`). Every test counts once. A test file that failed
 * without any failing test (it did not load, or a hook threw) counts as one failure of its own, so a
 * broken file can never pass silently.
 */
export function countVitest(report) {
  const counts = emptyCounts();
  if (!report || !Array.isArray(report.testResults)) {
    counts.failed = 1;
    counts.failures.push("vitest: no JSON report");
    return counts;
  }
  for (const file of report.testResults) {
    let failedInFile = 0;
    for (const t of file.assertionResults ?? []) {
      const name = t.fullName || [...(t.ancestorTitles ?? []), t.title].join(" > ");
      if (t.status === "passed") counts.passed += 1;
      else if (t.status === "failed") {
        counts.failed += 1;
        failedInFile += 1;
        counts.failures.push(`${shortFile(file.name)} > ${name}`);
      } else if (VITEST_SKIPPED.has(t.status)) counts.skipped += 1;
    }
    if (file.status === "failed" && failedInFile === 0) {
      counts.failed += 1;
      const why = firstLine(stripAnsi(file.message ?? "")) || "file failed";
      counts.failures.push(`${shortFile(file.name)}: ${why}`);
    }
  }
  return counts;
}

/**
 * Counts the unhandled errors of a Vitest run (scripts/lib/vitestErrors.mjs): each is one failure,
 * named with its message, the file that was running and the latest test, as Vitest reports them.
 */
export function countVitestErrors(report) {
  const counts = emptyCounts();
  for (const error of report?.unhandledErrors ?? []) {
    const where = [
      error.testPath ? ` in ${shortFile(error.testPath)}` : "",
      error.testName ? ` (latest test: "${error.testName}")` : "",
    ].join("");
    const what = firstLine(stripAnsi(`${error.name ?? "Error"}: ${error.message ?? ""}`));
    counts.failed += 1;
    counts.failures.push(`vitest: unhandled ${what}${where}`);
  }
  return counts;
}

/** Walks Playwright's nested suites and yields each spec with its title path. */
function* playwrightSpecs(suites, titles = []) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) yield { spec, titles: here };
    yield* playwrightSpecs(suite.suites, here);
  }
}

/**
 * Counts a Playwright JSON report. Every test (one spec in one project) counts once: "expected" and
 * "flaky" pass, "unexpected" fails, "skipped" is skipped. Errors outside tests (config, web server,
 * global setup) count as one failure each.
 */
export function countPlaywright(report) {
  const counts = emptyCounts();
  if (!report || !Array.isArray(report.suites)) {
    counts.failed = 1;
    counts.failures.push("playwright: no JSON report");
    return counts;
  }
  for (const { spec, titles } of playwrightSpecs(report.suites)) {
    for (const t of spec.tests ?? []) {
      const name = [...titles, spec.title].join(" > ");
      const where = t.projectName ? `[${t.projectName}] ` : "";
      if (t.status === "expected" || t.status === "flaky") counts.passed += 1;
      else if (t.status === "skipped") counts.skipped += 1;
      else {
        counts.failed += 1;
        counts.failures.push(`${where}${name}`);
      }
    }
  }
  for (const error of report.errors ?? []) {
    counts.failed += 1;
    counts.failures.push(`playwright: ${firstLine(stripAnsi(error.message ?? String(error)))}`);
  }
  return counts;
}

/**
 * Reconciles a runner's exit code with its counted results: a non-zero exit with nothing counted as
 * failed still fails once (the runner saw a problem the report did not carry).
 */
export function reconcileExit(counts, exitCode, label) {
  if (exitCode !== 0 && counts.failed === 0) {
    return addCounts(counts, {
      passed: 0,
      failed: 1,
      skipped: 0,
      failures: [`${label}: exited with code ${exitCode} without a failing test`],
    });
  }
  return counts;
}

/** A single check (typecheck, lint, build) counts as one test. */
export function countCheck(ok, label) {
  return ok
    ? { passed: 1, failed: 0, skipped: 0, failures: [] }
    : { passed: 0, failed: 1, skipped: 0, failures: [label] };
}

/** The last line of `npm test`: "N passed, N failed" plus ", N skipped" only when something was skipped. */
export function finalLine({ passed, failed, skipped }) {
  const line = `${passed} passed, ${failed} failed`;
  return skipped > 0 ? `${line}, ${skipped} skipped` : line;
}

/** Parses `--only=unit,e2e` (repeatable) into a list of known step names; all steps when absent. */
export function parseOnly(argv, allSteps) {
  const chosen = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    let value = null;
    if (arg.startsWith("--only=")) value = arg.slice("--only=".length);
    else if (arg === "--only") value = argv[(i += 1)] ?? "";
    if (value === null) continue;
    for (const name of value.split(",")) {
      const step = name.trim();
      if (!step) continue;
      if (!allSteps.includes(step)) {
        throw new Error(`unknown step "${step}" (steps: ${allSteps.join(", ")})`);
      }
      if (!chosen.includes(step)) chosen.push(step);
    }
  }
  return chosen.length === 0 ? [...allSteps] : allSteps.filter((s) => chosen.includes(s));
}

function firstLine(text) {
  return String(text ?? "")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0);
}

function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

function shortFile(name) {
  const s = String(name ?? "");
  const i = s.indexOf("/tests/");
  return i >= 0 ? s.slice(i + 1) : s;
}

/**
 * Prints the run's summary: one row per step (its counts for suites, passed or FAILED for checks, else why
 * it did not run, and its time), the failures, then the single counting line; returns the total.
 */
export function summaryTable(rows) {
  let total = emptyCounts();
  for (const row of rows) {
    total = addCounts(total, row.counts);
    const c = row.counts;
    const isSuite = row.step === "unit" || row.step === "e2e";
    let detail;
    if (row.status !== "passed" && row.status !== "failed") detail = row.status;
    else if (isSuite) detail = finalLine(c);
    else detail = row.status === "failed" ? "FAILED" : "passed";
    const time = row.seconds !== undefined ? `${row.seconds.toFixed(1).padStart(7)} s` : "";
    console.log(`  ${row.step.padEnd(10)} ${detail.padEnd(40)} ${time}`);
  }
  if (total.failures.length > 0) {
    console.log("\nfailed:");
    for (const f of total.failures) console.log(`  - ${f}`);
  }
  console.log(finalLine(total));
  return total;
}
