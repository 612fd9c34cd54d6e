// Types for tracetasks.mjs (the Lighthouse benchmark and its unit test).
import type { SourceMaps } from "./sourcemaps.mjs";
import type { TraceEvent } from "./tracesummary.mjs";
export interface Sample {
  ts: number;
  frames: Array<{ url: string; functionName: string; lineNumber: number; columnNumber: number }>;
}
export interface Task {
  ts: number;
  dur: number;
  ms: number;
}
export declare function cpuSamples(events: TraceEvent[]): Sample[];
export declare function longTasks(
  events: TraceEvent[],
  options?: { afterTs?: number; minMs?: number; slowdown?: number },
): Task[];
export declare function attributeTask(
  task: Task,
  samples: Sample[],
  maps: Pick<SourceMaps, "position">,
  isSdk: (source: string, url: string) => boolean,
): { sdkShare: number; top: Array<{ where: string; share: number }>; samples: number };
export declare function sdkClassifier(
  sdkChunkPaths?: Set<string>,
): (source: string, url: string) => boolean;
export declare function isSdkSource(source: string): boolean;
