// Types for precompressed.mjs, so TypeScript tests can import it.
export function servePrecompressed(
  publicDir: string,
): Promise<{ url: string; files: number; close(): Promise<void> }>;
