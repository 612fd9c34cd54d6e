// Types for cpuprofile.mjs (the interaction benchmark and its unit test).
import type { SourceMaps } from "./sourcemaps.mjs";
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  samples?: number[];
  timeDeltas?: number[];
}
export type Hot = Array<{ where: string; ms: number }>;
export declare function selfTimes(profile: CpuProfile): Map<number, number>;
export declare function hotFunctions(
  profile: CpuProfile,
  maps: Pick<SourceMaps, "position">,
  limit?: number,
): Hot;
export declare function mergeHot(lists: Hot[], limit?: number): Hot;
