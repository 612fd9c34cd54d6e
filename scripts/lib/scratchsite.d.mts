// Types for scratchsite.mjs (used by the build-fixture tests and the scale benchmark).
export declare function createScratchSite(
  root: string,
  options?: { dir?: string; prefix?: string },
): { dir: string; remove(): void };
export declare function writeSiteFile(dir: string, relative: string, content: string): void;
