// Types for interactionreport.mjs (the interaction benchmark's report, and its unit test).
import type { Run, Summary } from "./inp.mjs";

export interface InteractionResult {
  id: string;
  label: string;
  route: string;
  viewport: string;
  reference: boolean;
  country: string;
  kind: "tap" | "keys";
  summary: Summary;
  culprit: string | null;
  hot: Array<{ where: string; ms: number }> | null;
  runs: Run[];
}
export declare function usage(
  interactions: Array<{ id: string }>,
  references: Array<{ id: string }>,
): string;
export declare function interactionResults(
  chosen: Array<{
    id: string;
    label: string;
    route: string;
    viewport: string;
    reference?: boolean;
    country: string;
    kind: "tap" | "keys";
  }>,
  samplesPerInteraction: Run[][],
  options?: { hot?: boolean },
): InteractionResult[];
export declare function formatReport(
  measured: Array<{ name: string; results: InteractionResult[] }>,
  budget: number,
): string;
export declare function matchingFloor(interaction: {
  country: string;
  kind: "tap" | "keys";
}): string | null;
export declare function formatAboveFloors(results: InteractionResult[]): string | null;
/** The report's line on Playwright's listeners, from every run's `harnessListeners` (a count, or null when kept). */
export declare function harnessNote(runs: Array<{ harnessListeners?: number | null }>): string;
export declare function idleNote(runs: Array<{ heldIdle?: number | null }>): string;
