// Types for hostprobe.mjs (the interaction benchmark's measure of the host's speed, and its unit test).
import type { Browser } from "@playwright/test";

export declare function probeWorkload(): number;
export declare function probeHost(
  browser: Browser,
  rounds?: number,
): Promise<{ ms: number; runs: number[] }>;
export declare function loadAverage(): string;
export declare const REFERENCE_PROBE_MS: { low: number; high: number };
export declare function slowHostNote(
  before: { ms: number } | null | undefined,
  after: { ms: number } | null | undefined,
): string | null;
export declare const REFERENCE_SLOWDOWN: number;
export type Calibration = { rate: number; hostFactor: number };
export declare function calibratedSlowdown(probeMs: number, target?: number): Calibration;
export declare function calibratedNote(
  calibration: Calibration,
  before: { ms: number },
  after: { ms: number } | null | undefined,
  target?: number,
): string;
export declare function parseSlowdown(value?: string): number | null;
