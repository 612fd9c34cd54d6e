// The state of the host a benchmark ran on: its load average, and how fast it runs a page's script today (a fixed
// workload timed in Chromium without CPU slowdown). The interaction figures are taken at a 4x slowdown of whatever
// the host gives, so the same site measures higher on a slower day; the probe beside them tells a slower host from
// a slower site.
import os from "node:os";
import { middle } from "./inp.mjs";

/**
 * The workload, run inside the page (it must stay self-contained): objects, strings, JSON, sorting, and a DOM
 * subtree built, queried and laid out, roughly the mix of a framework's event handling and render. Returns ms.
 */
export function probeWorkload() {
  const begun = performance.now();
  const items = [];
  for (let i = 0; i < 20000; i++)
    items.push({ id: i, name: `item-${(i * 7919) % 20000}`, tags: [i % 3, i % 5, i % 7] });
  items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const copy = JSON.parse(JSON.stringify(items));
  let text = "";
  for (const item of copy) text += item.name.toUpperCase().slice(0, 6);
  const root = globalThis.document.createElement("div");
  globalThis.document.body.append(root);
  for (let i = 0; i < 1500; i++) {
    const row = globalThis.document.createElement("p");
    row.className = `row row-${i % 10}`;
    row.setAttribute("data-index", String(i));
    row.textContent = text.slice(i, i + 40);
    root.append(row);
  }
  const found = root.querySelectorAll(".row-3").length;
  const height = root.getBoundingClientRect().height;
  root.remove();
  if (found === 0 || height === 0) throw new Error("the probe's workload did not run");
  return performance.now() - begun;
}

/** The load average over 1, 5 and 15 minutes, as "0.52, 1.10, 2.30". */
export function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
}

/**
 * Runs the workload `rounds` times (after one round to warm up) in a blank page of `browser`, with no CPU
 * slowdown; resolves to { ms: the median, runs: each round's ms }.
 */
export async function probeHost(browser, rounds = 9) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent("<!doctype html><title>probe</title><body></body>");
    await page.evaluate(probeWorkload);
    const runs = [];
    for (let i = 0; i < rounds; i++) runs.push(Math.round(await page.evaluate(probeWorkload)));
    return { ms: middle(runs), runs };
  } finally {
    await context.close();
  }
}

/**
 * The probe's median on the idle 2-core hosts the interaction budget was judged on (2026-11-27 and 28: five
 * probes in a row gave 50–58 ms, the whole-bench runs 41–49). A host whose probe is more than half as slow again
 * runs the page's script slower than those did, every tap and floor with it.
 */
export const REFERENCE_PROBE_MS = { low: 41, high: 58 };
const SLOW_FACTOR = 1.5;

/**
 * A warning for the report when the host was slower than the reference during the run (the probe before or
 * after it), or null. Its figures are then not comparable with the reference hosts' nor judged fairly by the
 * budget; only the distance from the same run's floors is.
 */
export function slowHostNote(before, after) {
  const slowest = Math.max(before?.ms ?? 0, after?.ms ?? 0);
  if (slowest <= REFERENCE_PROBE_MS.high * SLOW_FACTOR) return null;
  const factor = (slowest / REFERENCE_PROBE_MS.high).toFixed(1);
  return (
    `This host was slow: its probe took ${slowest} ms, ${factor}× the ${REFERENCE_PROBE_MS.low}–` +
    `${REFERENCE_PROBE_MS.high} ms of the idle hosts the budget was judged on. Every figure here, the floors ` +
    `too, is higher for it, so the verdicts say little; read each tap against this run's floors (--floors).`
  );
}

/** The slowdown the budget is judged at, on a host of the reference speed. */
export const REFERENCE_SLOWDOWN = 4;

/**
 * The bench's --cpu: a slowdown of 1 or more, or "calibrated" (null: calibrate once the host is probed).
 * Throws a message for the command line otherwise.
 */
export function parseSlowdown(value = String(REFERENCE_SLOWDOWN)) {
  if (value === "calibrated") return null;
  const rate = Number(value);
  if (!(rate >= 1))
    throw new Error(`--cpu takes a slowdown of 1 or more, or "calibrated" (got ${value})`);
  return rate;
}

/**
 * `--cpu=calibrated`: the slowdown that puts the page's main thread on this host at the speed it has at
 * `target`× on a reference host, from the probe (which times the main thread at 1×). A probe within the
 * reference range gets `target` itself; a slower one proportionally less, scaled from the range's slow end,
 * a faster one more, from its fast end, so that the estimate errs towards a slower page. Never below 1×
 * (Chromium cannot speed a page up). Resolves to { rate, hostFactor } (the host's speed against the range).
 */
export function calibratedSlowdown(probeMs, target = REFERENCE_SLOWDOWN) {
  const { low, high } = REFERENCE_PROBE_MS;
  const hostFactor = probeMs > high ? probeMs / high : probeMs < low ? probeMs / low : 1;
  const rate = Math.max(1, Math.round((target / hostFactor) * 100) / 100);
  return { rate, hostFactor: Math.round(hostFactor * 100) / 100 };
}

/**
 * The report's line for a calibrated run: what the probe said, the slowdown chosen, and why its figures
 * are upper bounds of a reference host's (Chromium slows the page's main thread only; the compositor and
 * raster threads run at this host's own speed). When the probe after the run differs from the one before
 * by more than the slow factor, the host changed speed during the run and the calibration did not hold.
 */
export function calibratedNote(calibration, before, after, target = REFERENCE_SLOWDOWN) {
  const { low, high } = REFERENCE_PROBE_MS;
  const lines = [
    `The slowdown was calibrated to this host (--cpu=calibrated): its probe took ${before.ms} ms against ` +
      `${low}–${high} ms on the reference hosts, so the page's main thread ran at ${calibration.rate}× to ` +
      `match ${target}× there. Chromium slows only that thread: ` +
      (calibration.hostFactor > 1
        ? `the compositor and raster threads ran at this host's own speed, ${calibration.hostFactor}× slower ` +
          `than there, so each figure is an upper bound of the ${target}× measurement on a reference host, ` +
          `an estimate and not that measurement.`
        : calibration.hostFactor < 1
          ? `the other threads ran faster than on the reference hosts, so the figures may be below theirs.`
          : `this host is of the reference speed, and the run is the ${target}× measurement itself.`),
  ];
  const ratio = after ? Math.max(after.ms, before.ms) / Math.min(after.ms, before.ms) : 1;
  if (ratio > SLOW_FACTOR)
    lines.push(
      `The probe after the run took ${after.ms} ms: the host changed speed during the run, and the ` +
        `calibration made before it did not hold; run again.`,
    );
  return lines.join("\n");
}
