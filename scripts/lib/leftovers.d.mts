// Types for leftovers.mjs, so TypeScript tests can import it.
export declare const RUN_MARKER: string;
export declare function environHas(text: string, name: string, value: string): boolean;
export interface MarkedProcess {
  pid: number;
  command: string;
}
export declare function markedProcesses(
  runId: string,
  options?: { procDir?: string; exclude?: number[] },
): MarkedProcess[];
export declare function reapLeftovers(
  runId: string,
  options?: { graceMs?: number; procDir?: string; exclude?: number[] },
): Promise<MarkedProcess[]>;
export declare function leftoversStep(
  runId: string,
): Promise<{ step: string; status: string; counts: import("./results.mjs").Counts }>;
