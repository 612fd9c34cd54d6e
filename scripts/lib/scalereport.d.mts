// Types for scalereport.mjs (used by the scale benchmark and its unit test).
export declare const BUDGETS: {
  coldSeconds: number;
  editSeconds: number;
  peakRssBytes: number;
  postBuildShare: number;
  pageDataBytes: number;
};
export declare function gatsbySteps(log: string): Map<string, number>;
export declare function sitePostBuild(log: string): Record<string, number> | null;
export declare function buildFigures(
  run: {
    label: string;
    ok: boolean;
    seconds: number;
    memory: { peakRss: number; peakProcesses: number } | null;
    log: string;
    loadBefore: string;
    loadAfter: string;
  },
  dir: string,
  since: number,
): Record<string, unknown>;
export declare function printScaleReport(report: { posts: number; runs: unknown[] }): void;
