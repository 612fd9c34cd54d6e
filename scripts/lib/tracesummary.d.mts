// Types for tracesummary.mjs (the benchmarks and their unit tests).
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}
export declare const WORK: string[];
export declare function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null;
export declare function summariseTrace(events: TraceEvent[]): {
  rows: Array<{ name: string; ms: number; count: number }>;
  styleElements: number;
  layoutObjects: number;
};
