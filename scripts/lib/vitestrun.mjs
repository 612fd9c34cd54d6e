// How `npm test` runs Vitest and counts a run: its reporters and the files they write.
import fs from "node:fs";
import path from "node:path";
import {
  addCounts,
  countVitest,
  countVitestErrors,
  readReport,
  reconcileExit,
} from "./results.mjs";

/**
 * The reporters of a Vitest run that `npm test` counts: the console's, the JSON report (`<report>` in
 * `reports`), and the unhandled errors (`<report>` ending `-errors.json`, scripts/lib/vitestErrors.mjs),
 * which fail a run whose every test passed. `count(exitCode, label)` tallies the run once it ended.
 */
export function vitestReporting({ root, reports, env, report }) {
  const out = path.join(reports, report);
  const errorsOut = out.replace(/\.json$/, "-errors.json");
  for (const file of [out, errorsOut]) fs.rmSync(file, { force: true });
  return {
    args: [
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
      `--reporter=${path.join(root, "scripts", "lib", "vitestErrors.mjs")}`,
    ],
    env: { ...env, VITEST_ERRORS_FILE: errorsOut },
    count: (code, label) =>
      reconcileExit(
        addCounts(countVitest(readReport(out)), countVitestErrors(readReport(errorsOut))),
        code,
        label,
      ),
  };
}
