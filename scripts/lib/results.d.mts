// Types for results.mjs, so TypeScript tests can import it.
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}

export declare function readReport(file: string): unknown;
export declare function emptyCounts(): Counts;
export declare function addCounts(a: Counts, b: Counts): Counts;
export declare function countVitest(report: unknown): Counts;
export declare function countVitestErrors(report: unknown): Counts;
export declare function countPlaywright(report: unknown): Counts;
export declare function reconcileExit(counts: Counts, exitCode: number, label: string): Counts;
export declare function countCheck(ok: boolean, label: string): Counts;
export declare function finalLine(counts: Pick<Counts, "passed" | "failed" | "skipped">): string;
export declare function parseOnly(argv: string[], allSteps: string[]): string[];
export declare function summaryTable(
  rows: Array<{ step: string; status: string; counts: Counts; seconds?: number }>,
): Counts;
