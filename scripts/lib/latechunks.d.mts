// Types for latechunks.mjs (the Lighthouse benchmark and its unit test).
import type { SourceMaps } from "./sourcemaps.mjs";
export interface StackTrace {
  description?: string;
  callFrames?: Array<{
    url: string;
    lineNumber: number;
    columnNumber: number;
    functionName?: string;
  }>;
  parent?: StackTrace;
}
export interface Initiator {
  type: string;
  url?: string;
  stack?: StackTrace;
}
export interface LateScript {
  path: string;
  afterPaintMs: number;
  brotli: number | null;
  reason: string;
}
export declare function initiatorFrames(
  initiator: Initiator | undefined,
): Array<{ url: string; lineNumber: number; columnNumber: number; async: string | null }>;
export declare function asyncSteps(initiator: Initiator | undefined): string[];
export declare function reasonFor(
  initiator: Initiator | undefined,
  maps: Pick<SourceMaps, "position">,
  documentUrl: string,
): string;
export declare function lateScripts(
  devtoolsLog: Array<{ method: string; params: Record<string, unknown> }>,
  options: {
    paintTs: number;
    origin: string;
    documentUrl: string;
    maps: Pick<SourceMaps, "position">;
    sizeOf(pathname: string): number | null;
  },
): LateScript[];
export declare function chunkName(pathname: string): string;
