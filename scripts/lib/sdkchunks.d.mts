// Types for sdkchunks.mjs (used by the benchmark and its unit test).
export declare const SDK_PACKAGES: Record<string, string>;
export declare function sdksInSources(sources: readonly string[]): string[];
export declare function sdkChunks(publicDir: string): Map<string, string[]>;
export declare function observeConsent(
  publicDir: string,
  route: string,
  options: { executablePath: string; args: readonly string[] },
): Promise<{ before: string[]; after: string[]; accepted: boolean }>;
