// Types for freshness.mjs, so TypeScript tests can import it.
export declare const BUILD_STAMP: string;
export declare const BUILD_SOURCES: string[];
export declare const BUILD_ROOT_FILE_PATTERN: RegExp;
export declare const BUILD_IGNORES: string[];

export interface Status {
  needed: boolean;
  reason: string;
}

export declare function mtimeOf(p: string): number | null;
export declare function newestMtime(
  root: string,
  relPaths: string[],
  ignore?: string[],
): { mtimeMs: number | null; path: string | null };
export declare function gatsbyRootFiles(root: string): string[];
export declare function installStatus(root: string): Status & { command: string[] };
export declare function builtAt(
  root: string,
  publicDir?: string,
): { mtimeMs: number | null; from: string | null };
export declare function buildStatus(root: string, publicDir?: string): Status;
export declare function writeBuildStamp(
  root: string,
  publicDir?: string,
  now?: Date,
  purpose?: "site" | "test",
): string;
export declare function buildPurpose(root: string, publicDir?: string): "site" | "test";
export declare function markInstalled(root: string, now?: Date): void;
