// Types for inp.mjs (the interaction benchmark and its unit test).
export declare const INP_BUDGET_MS: number;
export interface ScriptSummary {
  invoker?: string;
  invokerType?: string;
  sourceURL?: string;
  sourceFunctionName?: string;
  sourceCharPosition?: number;
  duration: number;
  forcedStyleAndLayoutDuration: number;
  subpart?: string;
  origin?: string;
}
export interface Report {
  value: number;
  target: string;
  type: string;
  events: string[];
  inputDelay: number;
  processingDuration: number;
  presentationDelay: number;
  script: number;
  styleAndLayout: number;
  paint: number;
  longestScript: ScriptSummary | null;
  scripts: ScriptSummary[];
}
export interface PageRecord {
  reports: Report[];
  interactions: Record<string, { type: string; duration: number }>;
}
export interface Run {
  inp: number | null;
  attribution?: Report | null;
  interactions?: Array<{ type: string; duration: number }>;
}
export interface Summary {
  median: number | null;
  mean: number | null;
  worst: number | null;
  runs: number;
  missing: number;
}
export declare function collectorScript(webVitals: unknown): void;
export declare function idleGate(): void;
export interface IdleGate {
  request(callback: (deadline: IdleDeadline) => void, options?: IdleRequestOptions): number;
  cancel(id: number): void;
  hold(): void;
  release(): number;
}
export declare function gateIdleCallbacks(webVitalsSource: string): string;
export declare function initScript(webVitalsSource: string): string;
export declare function readRun(record: PageRecord | null | undefined): Required<Run>;
export declare function summariseRuns(runs: Run[]): Summary;
export declare function verdict(summary: Summary, budget?: number): string;
export declare function formatTable(
  results: Array<{
    id: string;
    viewport: string;
    reference?: boolean;
    summary: Summary;
    runs: Run[];
  }>,
  budget?: number,
): string;
export declare function formatComparison(
  rows: Array<{ id: string; builds: Array<{ summary: Summary; runs: Run[] }> }>,
  names: string[],
): string;
export declare function usualCulprit(runs: Run[]): string | null;
export declare function middle(values: number[]): number;
