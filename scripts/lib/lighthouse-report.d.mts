// Types for lighthouse-report.mjs, so TypeScript tests can import it.
export const TARGETS: { perf: number; lcpMs: number; tbtMs: number; cls: number };
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
