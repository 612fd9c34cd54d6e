// Types for lighthouse-report.mjs, so TypeScript tests can import it.
import type { LateScript } from "./latechunks.mjs";
export interface Targets {
  perf: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
}
export const TARGETS: Targets;
export const PROFILES: Record<string, { country: string | null; description: string }>;
export function targetsFor(profile: string): Targets;
export function lateChunkTable(route: string, samples: Array<{ late?: LateScript[] }>): string;
export function scriptBrotliBytes(
  lhr: unknown,
  origin: string,
  brotliOf: (pathname: string) => number | null,
): number;
export interface Sample {
  version?: string;
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  jsBrotli?: number;
  lcpElement?: string;
  lcpPhases?: string | null;
  /** `category: audit` for each scored audit of accessibility, best practices and SEO that did not pass. */
  failing?: string[];
}
export function keyRoutes(publicDir: string): string[];
export function summarise(lhr: unknown): Sample;
export function median(
  samples: Sample[],
): Omit<Sample, "version" | "lcpElement" | "lcpPhases" | "failing">;
export function failingAudits(lhr: unknown, categories: string[]): string[];
export function blockingTasks(
  lhr: unknown,
  origin?: string,
): { tti: number; tasks: Array<{ at: number; ms: number; blocking: number; url: string }> };
