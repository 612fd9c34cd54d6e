// The interaction benchmark's report: its usage, each interaction's summary, and the printed tables (one per
// build, and side by side when two builds are compared).
import { mergeHot } from "./cpuprofile.mjs";
import { formatComparison, formatTable, summariseRuns, usualCulprit } from "./inp.mjs";

/** The bench's usage, naming the interactions and reference taps it knows. */
export function usage(interactions, references) {
  return `usage: npm run bench:interactions [-- options]
  (measures public/ built for the fakes: \`npm test -- --only=build\`, or pass --build)
  --build          build public/ for the fakes first
  --runs=5         runs per interaction (median and worst are printed)
  --only=a,b       only these interactions (${interactions.map((i) => i.id).join(", ")})
  --floors         also measure the reference taps (${references.map((i) => i.id).join(", ")}): a paragraph
                   on a page with no script, on / before consent, on / with the SDKs running; no budget,
                   and each tap's distance from its floor is printed after the table
  --cpu=4          CPU slowdown; --cpu=calibrated sets it from the host probe, to the speed 4x gives on a host of
                   the reference speed (an estimate for a slow host: only the page's main thread is slowed)
  --json=FILE      where the figures go (default tests/artifacts/bench/interactions.json)
  --trace          record a Chromium trace of each interaction (saved beside the JSON) and print its style,
                   layout and paint time
  --profile        record a CPU profile of each interaction and print its hottest functions (source-mapped);
                   the profiles are saved beside the JSON (open them in DevTools)
  --verbose        print each run with its attribution (input delay, processing, presentation, longest script)
  --save-build=DIR copy the fakes build in public/ (and the fakes' port it was built for) to DIR, and stop
  --against=DIR    compare public/ with a build saved in DIR: the two alternate, --rounds times each, every
                   interaction --runs times per round; prints each one's median (mean) and runs side by side
  --rounds=3       rounds of a comparison
  --keep-harness-listeners
                   leave Playwright's own pointer, mouse and touch listeners in the page during the tap (by
                   default they are removed before it: a visitor's browser has none of them)
  --keep-harness-idle
                   let web-vitals process the timings in idle callbacks during the interaction (by default they
                   wait until its frame is drawn: the site ships no web-vitals)`;
}

/**
 * The line after the table on Playwright's listeners: how many were removed from the page before each tap, or that
 * they were kept (--keep-harness-listeners), or that none was found in some run (Playwright changed how it marks
 * them), so those taps include them. `runs` are the samples of every run, with `harnessListeners` (a count, or
 * null when kept) where the run got that far.
 */
export function harnessNote(runs) {
  const counts = runs.map((run) => run.harnessListeners).filter((n) => n !== undefined);
  if (counts.length === 0) return "Playwright's listeners: no run got as far as the tap.";
  if (counts.every((n) => n === null))
    return "Playwright's own pointer, mouse and touch listeners stayed in the page during each tap (--keep-harness-listeners).";
  const found = counts.filter((n) => typeof n === "number" && n > 0);
  const range = (list) =>
    Math.min(...list) === Math.max(...list)
      ? String(list[0])
      : `${Math.min(...list)}–${Math.max(...list)}`;
  const none = counts.length - found.length;
  const removed =
    found.length > 0
      ? `Playwright's own pointer, mouse and touch listeners were removed from the page before each tap (${range(found)} per page; a visitor's browser has none).`
      : "";
  const missing =
    none > 0
      ? ` In ${none} of ${counts.length} runs none was found to remove: if Playwright no longer marks them as harnesslisteners.mjs expects, those taps include them.`
      : "";
  return `${removed}${missing}`.trim();
}

/**
 * The line after the table on web-vitals' idle work: how many of its idle callbacks the interactions held until
 * their frames were drawn, or that they ran when they fell (--keep-harness-idle). `runs` are the samples of every
 * run, with `heldIdle` (a count, or null when not held) where the run got that far.
 */
export function idleNote(runs) {
  const counts = runs.map((run) => run.heldIdle).filter((n) => n !== undefined);
  if (counts.length === 0) return "web-vitals' idle work: no run got as far as the interaction.";
  if (counts.every((n) => n === null))
    return "web-vitals processed the timings in idle callbacks whenever they fell, inside the interactions too (--keep-harness-idle).";
  const total = counts.reduce((sum, n) => sum + (n ?? 0), 0);
  const runsWith = counts.filter((n) => typeof n === "number" && n > 0).length;
  return `web-vitals' processing of the timings waited until each interaction's frame was drawn: ${total} idle callback(s) held in ${runsWith} of ${counts.length} runs (the site ships no web-vitals).`;
}

/** One result per interaction: what it is, the summary of its runs, the script most runs blamed, the runs. */
export function interactionResults(chosen, samplesPerInteraction, { hot = false } = {}) {
  return chosen.map((interaction, i) => {
    const runs = samplesPerInteraction[i];
    return {
      id: interaction.id,
      label: interaction.label,
      route: interaction.route,
      viewport: interaction.viewport,
      reference: interaction.reference === true,
      country: interaction.country,
      kind: interaction.kind,
      summary: summariseRuns(runs),
      culprit: usualCulprit(runs),
      hot: hot ? mergeHot(runs.map((run) => run.hot ?? [])) : null,
      runs,
    };
  });
}

/**
 * The reference tap a tap's own cost is read against: the paragraph tap with the SDKs running for a US visitor
 * (their listeners are in every tap), the one before consent for an EU visitor. Keys have none: a key press goes
 * through none of a tap's touch, pointer and mouse events.
 */
export function matchingFloor(interaction) {
  if (interaction.kind !== "tap") return null;
  return interaction.country === "US" ? "floor-site-sdk" : "floor-site";
}

/**
 * Each tap's median less the median of its matching floor in the same run, as printed lines (null when the
 * floors were not measured): the part of the figure that is the tap's own, which changes less from day to day
 * than the figure itself, since the host's speed moves the floors too.
 */
export function formatAboveFloors(results) {
  const floors = new Map(
    results.filter((r) => r.reference && r.summary.median !== null).map((r) => [r.id, r]),
  );
  const rows = results
    .filter((r) => !r.reference && r.summary.median !== null && floors.has(matchingFloor(r)))
    .map((r) => {
      const floor = floors.get(matchingFloor(r));
      const over = Math.round(r.summary.median - floor.summary.median);
      return `  ${r.id.padEnd(16)} ${`${over >= 0 ? "+" : ""}${over}`.padStart(4)} ms over ${floor.id} (${Math.round(floor.summary.median)})`;
    });
  if (rows.length === 0) return null;
  return [
    "Taps above the matching floor of this run (median less the floor's median):",
    ...rows,
  ].join("\n");
}

/**
 * The printed report of `measured` ([{ name, results }], one per build): the table, or with two builds each one's
 * table and then the comparison; then what each interaction is, the script its runs usually blamed and, from
 * CPU profiles, its hottest functions (of the last build); and how to read the figures.
 */
export function formatReport(measured, budget) {
  const lines = [];
  if (measured.length > 1) {
    for (const { name, results } of measured) lines.push("", name, formatTable(results, budget));
    const rows = measured[0].results.map((result, i) => ({
      id: result.id,
      builds: measured.map(({ results }) => results[i]),
    }));
    lines.push(
      "",
      formatComparison(
        rows,
        measured.map(({ name }) => name),
      ),
    );
  } else lines.push(formatTable(measured[0].results, budget));
  const aboveFloors = formatAboveFloors(measured.at(-1).results);
  if (aboveFloors) lines.push("", aboveFloors);
  for (const r of measured.at(-1).results) {
    lines.push(`  ${r.id}: ${r.label}${r.culprit ? `; longest script usually ${r.culprit}` : ""}`);
    for (const { where, ms } of (r.hot ?? []).slice(0, 10))
      lines.push(`      ${ms.toFixed(1).padStart(6)} ms  ${where}`);
  }
  lines.push(
    "\nINP here is the page's worst interaction as web-vitals reports it (input delay + processing + presentation), " +
      "measured with the CPU slowed down; on a shared machine read it as an upper bound.",
  );
  return lines.join("\n");
}
