// A Vitest reporter that writes the run's unhandled errors (an exception or rejection no test awaited)
// to the JSON file named by VITEST_ERRORS_FILE. Vitest fails such a run with every test passing and its
// JSON report does not carry them, so `npm test` reads them from here to say what failed and where.
import fs from "node:fs";

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors, reason) {
    const file = process.env.VITEST_ERRORS_FILE;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((error) => ({
      name: typeof error?.name === "string" ? error.name : "Error",
      message: typeof error?.message === "string" ? error.message : String(error),
      ...(typeof error?.VITEST_TEST_PATH === "string" ? { testPath: error.VITEST_TEST_PATH } : {}),
      ...(typeof error?.VITEST_TEST_NAME === "string" ? { testName: error.VITEST_TEST_NAME } : {}),
      ...(typeof error?.stack === "string" ? { stack: error.stack } : {}),
    }));
    fs.writeFileSync(file, `${JSON.stringify({ reason, unhandledErrors: errors }, null, 2)}\n`);
  }
}
