// Types for ports.mjs, so playwright.config.ts and TypeScript tests can import it.
export declare function isPortFree(port: number): boolean;
export declare function freePort(): number;
export declare class BusyPortError extends Error {
  constructor(name: string, port: number);
  port: number;
}
export declare function choosePorts<N extends string>(
  names: readonly N[],
  env?: Record<string, string | undefined>,
): Record<N, number>;
