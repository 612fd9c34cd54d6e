// The interaction bench's figures: what the page records (web-vitals' INP with its attribution), and each
// interaction's median and worst run, judged against the budget and against its floor of the same run.

/** The budget of every interaction at a 4× CPU slowdown (printed; no test asserts it). */
export const INP_BUDGET_MS = 50;

export type InpReport = {
  value: number;
  target: string;
  inputDelay: number;
  processing: number;
  presentation: number;
  longestScript: string | null;
};

/**
 * Runs in the page before its own scripts (an init script, which the page's policy does not apply to), given the
 * `webVitals` its attribution build declares in the same script: every INP report (reportAllChanges: each new
 * worst interaction) goes to `__benchInp.reports`, the last one being the page's INP, and the longest interaction
 * the browser timed to `__benchInp.worst`, so the bench knows when web-vitals has caught up with it.
 */
export function collectorScript(webVitals: {
  onINP(report: (metric: InpMetric) => void, options: object): void;
}): void {
  const record = { reports: [] as InpReport[], worst: 0 };
  (globalThis as unknown as { __benchInp: typeof record }).__benchInp = record;
  webVitals.onINP(
    ({ value, attribution: a }) => {
      const script = a.longestScript?.entry;
      record.reports.push({
        value: Math.round(value),
        target: a.interactionTarget ?? "",
        inputDelay: Math.round(a.inputDelay),
        processing: Math.round(a.processingDuration),
        presentation: Math.round(a.presentationDelay),
        longestScript: script
          ? `${script.sourceFunctionName || "(anonymous)"} ${script.sourceURL ?? ""} ${Math.round(script.duration)} ms`
          : null,
      });
    },
    { reportAllChanges: true, durationThreshold: 0 },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[])
      if (entry.interactionId) record.worst = Math.max(record.worst, Math.round(entry.duration));
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

type InpMetric = {
  value: number;
  attribution: {
    interactionTarget?: string;
    inputDelay: number;
    processingDuration: number;
    presentationDelay: number;
    longestScript?: {
      entry: { sourceURL?: string; sourceFunctionName?: string; duration: number };
    };
  };
};

/** The median of the values (the mean of the two middle ones for an even count). */
export function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export type Summary = { median: number | null; worst: number | null; missing: number };

/** Median and worst INP of the runs; a run without a report (no interaction reached the browser) is missing, never 0. */
export function summarise(runs: (number | null)[]): Summary {
  const values = runs.filter((value): value is number => value !== null);
  if (values.length === 0) return { median: null, worst: null, missing: runs.length };
  return {
    median: middle(values),
    worst: Math.max(...values),
    missing: runs.length - values.length,
  };
}

/** "met" when every run is within the budget, "median met" when half are, "over"; "not measured" with a run missing. */
export function verdict({ median, worst, missing }: Summary, budget = INP_BUDGET_MS): string {
  if (median === null || worst === null || missing > 0) return "not measured";
  return worst <= budget ? "met" : median <= budget ? "median met, worst over" : "over";
}

export type Row = { id: string; viewport: string; floor?: string; runs: (number | null)[] };

/**
 * One line per interaction: median, worst, every run, the median above its floor's median of the same run (the part
 * that is the site's own: the host's speed moves the floors too), and the verdict; the floors are marked as such.
 */
export function formatTable(rows: Row[], budget = INP_BUDGET_MS): string {
  const summaries = new Map(rows.map((row) => [row.id, summarise(row.runs)]));
  const width = Math.max(16, ...rows.map((row) => row.id.length));
  const ms = (value: number | null | undefined) =>
    value === null || value === undefined ? "–" : `${Math.round(value)}`;
  const head =
    `${"interaction".padEnd(width)} ${"screen".padEnd(7)} ${"median".padStart(6)} ${"worst".padStart(5)} ` +
    `${"over floor".padStart(10)}  ${"runs (ms)".padEnd(24)} budget ${budget} ms`;
  const lines = [head, "─".repeat(head.length)];
  for (const row of rows) {
    const summary = summaries.get(row.id)!;
    const floor = row.floor === undefined ? undefined : summaries.get(row.floor)?.median;
    const above =
      summary.median === null || floor === null || floor === undefined
        ? "–"
        : `${summary.median - floor >= 0 ? "+" : ""}${Math.round(summary.median - floor)}`;
    const each = row.runs.map(ms).join(", ");
    lines.push(
      `${row.id.padEnd(width)} ${row.viewport.padEnd(7)} ${ms(summary.median).padStart(6)} ${ms(summary.worst).padStart(5)} ` +
        `${(row.floor === undefined ? "" : above).padStart(10)}  ${each.padEnd(24)} ${row.floor === undefined ? "floor" : verdict(summary, budget)}`,
    );
  }
  return lines.join("\n");
}
