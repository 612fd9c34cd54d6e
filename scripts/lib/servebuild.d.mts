// Types for servebuild.mjs, so TypeScript tests can import it.
export declare function serveBuild(
  publicDir: string,
): Promise<{ url: string; close(): Promise<void> }>;
