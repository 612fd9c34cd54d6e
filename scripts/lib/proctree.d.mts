// Types for proctree.mjs, so TypeScript tests can import it.
export declare function parseStat(text: string): { pid: number; comm: string; ppid: number } | null;
export declare function parseKbField(text: string, field: string): number | null;
export declare function descendants(rootPid: number, parentOf: Map<number, number>): number[];
export declare function readParents(procDir?: string): Map<number, number>;
export declare function sampleTree(
  rootPid: number,
  procDir?: string,
): { rss: number; pss: number | null; processes: number };
export interface Peaks {
  peakRss: number;
  peakPss: number | null;
  peakProcesses: number;
  samples: number;
}
export declare function startSampler(
  rootPid: number,
  intervalMs?: number,
  procDir?: string,
): { stop(): Peaks };
