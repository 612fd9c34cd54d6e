// The interaction benchmark's pure parts: what the page records (web-vitals' INP), and the medians, worst runs and table.

/** The budget for every interaction at a 4x CPU slowdown (a benchmark prints it; no test asserts it). */
export const INP_BUDGET_MS = 50;

/**
 * Runs in the page before any of its own scripts (an init script, which the page's policy does not apply to),
 * given web-vitals' attribution build. Every INP report (reportAllChanges, so each new worst interaction) and
 * every interaction the Event Timing API saw go to `globalThis.__benchInp`.
 */
export function collectorScript(webVitals) {
  const slim = (script) =>
    script && {
      invoker: script.invoker,
      invokerType: script.invokerType,
      sourceURL: script.sourceURL,
      sourceFunctionName: script.sourceFunctionName,
      sourceCharPosition: script.sourceCharPosition,
      duration: Math.round(script.duration),
      forcedStyleAndLayoutDuration: Math.round(script.forcedStyleAndLayoutDuration ?? 0),
    };
  const record = { reports: [], interactions: {} };
  globalThis.__benchInp = record;
  webVitals.onINP(
    (metric) => {
      const a = metric.attribution;
      const scripts = (a.longAnimationFrameEntries ?? [])
        .flatMap((frame) => frame.scripts ?? [])
        .map(slim)
        .sort((x, y) => y.duration - x.duration)
        .slice(0, 5);
      record.reports.push({
        value: Math.round(metric.value),
        target: a.interactionTarget ?? "",
        type: a.interactionType ?? "",
        events: [...new Set((metric.entries ?? []).map((entry) => entry.name))],
        inputDelay: Math.round(a.inputDelay),
        processingDuration: Math.round(a.processingDuration),
        presentationDelay: Math.round(a.presentationDelay),
        script: Math.round(a.totalScriptDuration ?? 0),
        styleAndLayout: Math.round(a.totalStyleAndLayoutDuration ?? 0),
        paint: Math.round(a.totalPaintDuration ?? 0),
        longestScript: a.longestScript
          ? { ...slim(a.longestScript.entry), subpart: a.longestScript.subpart }
          : null,
        scripts,
      });
    },
    { reportAllChanges: true, durationThreshold: 0 },
  );
  // Every interaction (not only the worst), longest event per interaction, as the browser timed it.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const seen = record.interactions[entry.interactionId];
      if (!seen || entry.duration > seen.duration)
        record.interactions[entry.interactionId] = { type: entry.name, duration: entry.duration };
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}

/**
 * The idle callbacks web-vitals asks for, which the bench can hold while it measures an interaction (runs in the
 * page; defines `globalThis.__benchIdle`). web-vitals reads a tap's Event Timing entries when the browser reports
 * them, after the frame of the touch's end, and works through them in an idle callback (its attribution build
 * groups them with the long animation frames and names the target). The lead submit's traces showed that callback
 * (15–21 ms at 4× with tracing, first-call compiles included) in the idle moment between the touch's end and the
 * click it becomes: the click waited for all of it, as input delay. The site ships no web-vitals, so no visitor
 * has that work in a tap. Held, the callbacks run after the interaction's frame; what they read are the
 * browser's own timings, which do not change. `hold()` starts holding; `release()` asks the browser for an idle
 * callback for each one held, stops holding, and returns how many there were.
 */
export function idleGate() {
  let holding = false;
  let nextId = 1;
  const held = [];
  // Our id → the browser's id (once asked) and the callback.
  const live = new Map();
  const ask = (id, entry) => {
    entry.browserId = globalThis.requestIdleCallback((deadline) => {
      live.delete(id);
      entry.callback(deadline);
    }, entry.options);
  };
  globalThis.__benchIdle = {
    request(callback, options) {
      const id = nextId++;
      const entry = { callback, options, browserId: null };
      live.set(id, entry);
      if (holding) held.push(id);
      else ask(id, entry);
      return id;
    },
    cancel(id) {
      const entry = live.get(id);
      if (entry?.browserId !== null && entry?.browserId !== undefined)
        globalThis.cancelIdleCallback(entry.browserId);
      live.delete(id);
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      const ids = held.splice(0);
      for (const id of ids) {
        const entry = live.get(id);
        if (entry) ask(id, entry);
      }
      return ids.length;
    },
  };
}

/**
 * web-vitals' source with its idle callbacks asked of `__benchIdle` (idleGate) instead of the browser. It names
 * `globalThis.requestIdleCallback` and `globalThis.cancelIdleCallback` once each; a version that does not is
 * refused, rather than measured with its processing inside the taps again.
 */
export function gateIdleCallbacks(webVitalsSource) {
  let source = webVitalsSource;
  for (const [name, gated] of [
    ["globalThis.requestIdleCallback", "globalThis.__benchIdle.request"],
    ["globalThis.cancelIdleCallback", "globalThis.__benchIdle.cancel"],
  ]) {
    const count = source.split(name).length - 1;
    if (count !== 1)
      throw new Error(
        `web-vitals names ${name} ${count} times (1 expected): the bench cannot hold its idle work out of the taps`,
      );
    source = source.replace(name, gated);
  }
  return source;
}

/**
 * The init script: the idle gate, web-vitals' script build (which declares `webVitals`) with its idle callbacks
 * gated, and the collector, in one scope (the browser may wrap each init script in a function of its own).
 */
export function initScript(webVitalsSource) {
  return `;(${idleGate})();\n${gateIdleCallbacks(webVitalsSource)}\n;(${collectorScript})(webVitals);`;
}

/** What one run yields from the page's record: the INP (the last report is the page's worst) and its details. */
export function readRun(record) {
  const reports = record?.reports ?? [];
  const last = reports.at(-1) ?? null;
  const interactions = Object.values(record?.interactions ?? {}).map((i) => ({
    type: i.type,
    duration: Math.round(i.duration),
  }));
  return { inp: last ? last.value : null, attribution: last, interactions };
}

/** The median of the values (the mean of the two middle ones for an even count). */
export const middle = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Median, mean and worst INP of one interaction's runs. The mean tells two builds apart sooner: each run moves
 * in Event Timing's 8 ms steps, so medians of the same build often differ by a step. A run the page reported no
 * INP for (no interaction reached the browser) counts as missing, never as 0 ms.
 */
export function summariseRuns(runs) {
  const values = runs.map((run) => run.inp).filter((value) => typeof value === "number");
  const missing = runs.length - values.length;
  if (values.length === 0)
    return { median: null, mean: null, worst: null, runs: runs.length, missing };
  const mean =
    Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
  return { median: middle(values), mean, worst: Math.max(...values), runs: runs.length, missing };
}

/** "met" or "over" against the budget; a median that could not be measured is "not measured". */
export function verdict(summary, budget = INP_BUDGET_MS) {
  if (summary.median === null || summary.missing > 0) return "not measured";
  return summary.worst <= budget
    ? "met"
    : summary.median <= budget
      ? "median met, worst over"
      : "over";
}

/** The printed table: one row per interaction with its median, worst, each run and the verdict. */
export function formatTable(results, budget = INP_BUDGET_MS) {
  const idWidth = Math.max(12, ...results.map((r) => r.id.length));
  const head = `${"interaction".padEnd(idWidth)} ${"viewport".padEnd(8)} ${"median".padStart(7)} ${"worst".padStart(6)}  runs (ms)              budget ${budget} ms`;
  const lines = [head, "─".repeat(head.length)];
  for (const r of results) {
    const ms = (v) => (v === null ? "–" : `${Math.round(v)}`);
    const each = r.runs.map((run) => (run.inp === null ? "–" : String(run.inp))).join(", ");
    lines.push(
      `${r.id.padEnd(idWidth)} ${r.viewport.padEnd(8)} ${ms(r.summary.median).padStart(7)} ${ms(r.summary.worst).padStart(6)}  ${each.padEnd(22)} ${r.reference ? "reference" : verdict(r.summary, budget)}`,
    );
  }
  return lines.join("\n");
}

/**
 * The table of a comparison (`--against`): one row per interaction, and for each build its median, its mean and
 * every run, in the order the builds were given. `rows` are { id, builds: [{ summary, runs }] }; `names` the
 * builds' names.
 */
export function formatComparison(rows, names) {
  const idWidth = Math.max(12, ...rows.map((r) => r.id.length));
  const cell = ({ summary, runs }) => {
    const head =
      summary.median === null ? "–" : `${Math.round(summary.median)} (${summary.mean.toFixed(1)})`;
    const each = runs.map((run) => (run.inp === null ? "–" : String(run.inp))).join(", ");
    return `${head.padEnd(12)} ${each}`;
  };
  const cells = rows.map((r) => r.builds.map(cell));
  const widths = names.map((name, i) =>
    Math.max(name.length, ...cells.map((row) => row[i]?.length ?? 0)),
  );
  const head = `${"interaction".padEnd(idWidth)}  ${names.map((name, i) => name.padEnd(widths[i])).join("  ")}`;
  const lines = [head.trimEnd(), "─".repeat(head.trimEnd().length)];
  rows.forEach((r, k) =>
    lines.push(
      `${r.id.padEnd(idWidth)}  ${cells[k].map((c, i) => c.padEnd(widths[i])).join("  ")}`.trimEnd(),
    ),
  );
  lines.push("median (mean) in ms, then each run");
  return lines.join("\n");
}

/** The most common longest script of an interaction's runs, "function (file:line)", for the table's notes. */
export function usualCulprit(runs) {
  const counts = new Map();
  for (const run of runs) {
    const where = run.attribution?.longestScript?.origin;
    if (where) counts.set(where, (counts.get(where) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
