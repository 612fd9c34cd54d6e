// Types for sourcemaps.mjs (the benchmarks and their unit tests).
export interface Position {
  source: string;
  line: number;
  name: string | null;
}
export declare function repoPath(source: string | null | undefined): string | null;
export declare function lineAndColumn(
  text: string,
  offset: number,
): { line: number; column: number };
export declare class SourceMaps {
  constructor(publicDir: string);
  fileOf(url: string): string | null;
  position(url: string, line: number, column: number): Position | null;
  positionAtChar(url: string, offset: number): Position | null;
  scriptOrigin(script: {
    sourceURL?: string;
    sourceCharPosition?: number;
    sourceFunctionName?: string;
    invoker?: string;
  }): string;
  describe(url: string, line: number, column: number, fallbackName?: string): string;
}
