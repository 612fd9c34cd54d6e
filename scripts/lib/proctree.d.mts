// Types for proctree.mjs, so TypeScript tests can import it.
/** Fields of a /proc/<pid>/stat line from field 3 (the state) on, or null. */
export declare function statFields(text: string): string[] | null;
/** A /proc file's text, or null when the process has ended. */
export declare function readProcText(file: string): string | null;
export declare function parseStat(text: string): { pid: number; comm: string; ppid: number } | null;
export declare function parseKbField(text: string, field: string): number | null;
export declare function descendants(rootPid: number, parentOf: Map<number, number>): number[];
export declare function readParents(procDir?: string): Map<number, number>;
export interface TreeMember {
  pid: number;
  comm: string;
  rss: number;
  pss: number | null;
}
export interface TreeSample {
  rss: number;
  pss: number | null;
  processes: number;
  members?: TreeMember[];
}
export declare function sampleTree(
  rootPid: number,
  procDir?: string,
  options?: { each?: boolean },
): TreeSample;
export interface Peaks {
  peakRss: number;
  peakPss: number | null;
  peakProcesses: number;
  samples: number;
  /** When the RSS peak was seen (ms after the start) and the processes that held it, largest first. */
  atPeakRss: { ms: number; members: TreeMember[] } | null;
}
export declare function startSampler(
  rootPid: number,
  intervalMs?: number,
  procDir?: string,
): { stop(): Peaks };
