// Types for hosttools.mjs, so the TypeScript rehearsal scripts and their tests can import it.
export type HostToolsPaths = {
  manifestDir: string;
  dir: string;
  stamp: string;
  netlify: string;
  vercel: string;
  denoBin: string;
  hostNodeDir: string;
  vercelLauncher: string;
};
export declare function hostToolsPaths(root: string): HostToolsPaths;
export declare function manifestDigest(manifestDir: string): string;
export declare function hostNodeMajor(paths: HostToolsPaths): number | null;
export declare function ensureHostTools(
  root: string,
  log?: (line: string) => void,
): Promise<HostToolsPaths>;
