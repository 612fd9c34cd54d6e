// Types for benchsite.mjs (the benchmarks that need the site's functions, and its unit test).
export declare function fakesBuild(
  root: string,
  publicDir?: string,
): { fakesPort: number; problem?: undefined } | { problem: string; fakesPort?: undefined };
export declare function saveFakesBuild(root: string, dir: string): { problem?: string };
export declare function savedFakesBuild(
  dir: string,
):
  | { publicDir: string; fakesPort: number; problem?: undefined }
  | { problem: string; publicDir?: undefined; fakesPort?: undefined };
export declare function benchServerEnv(
  fakesOrigin: string,
  outboxDir: string,
): Record<string, string>;
export declare function startBenchSite(options: {
  publicDir: string;
  fakesPort: number;
  country?: string | null;
}): Promise<{ url: string; fakesOrigin: string; close(): Promise<void> }>;
