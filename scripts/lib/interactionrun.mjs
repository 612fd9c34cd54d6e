// The browser side of one interaction run of `npm run bench:interactions`: the run's browser context (screen,
// country, presets, the bench's init script), waiting for hydration, a quiet network, an idle main thread and the
// next frame, reading the page's record, and the one-line description of a run printed with --verbose.
import { EXPERIMENTS } from "../../src/config/experiments.ts";
import { FLAGS_STORAGE_KEY } from "../../src/providers/experiments/flags.ts";
import { POPUP_SHOWN_KEY } from "../../src/forms/subscription.ts";
import { VIEWPORTS } from "./interactions.mjs";

/** Starts every page with each experiment at control (stable pages) and the article popup just offered. */
export function presets([flagsKey, flags, popupKey]) {
  try {
    globalThis.localStorage.setItem(flagsKey, flags);
    globalThis.localStorage.setItem(popupKey, String(Date.now()));
  } catch {
    // about:blank has no storage
  }
}

/**
 * Resolves once no request has been in flight for `quietMs` (at most `limitMs`). A request in flight for
 * more than 3 s stops counting: Chromium never reports the end of a keepalive fetch (the exposure call) to
 * Playwright.
 */
export function networkWatch(context) {
  const pending = new Map();
  let last = Date.now();
  const start = (request) => {
    pending.set(request, Date.now());
    last = Date.now();
  };
  const end = (request) => {
    pending.delete(request);
    last = Date.now();
  };
  context.on("request", start);
  context.on("requestfinished", end);
  context.on("requestfailed", end);
  const busy = () => [...pending.values()].some((since) => Date.now() - since < 3000);
  return async (quietMs, limitMs) => {
    const begun = Date.now();
    while (Date.now() - begun < limitMs && (busy() || Date.now() - last < quietMs))
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
}

export const idle = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => globalThis.requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );

/** One run as a line: INP and its attribution, the run's phases, the trace's figures and every interaction seen. */
export function describeRun(sample) {
  if (sample.error) return `failed: ${sample.error}`;
  const a = sample.attribution;
  const attribution = a
    ? ` (${a.type} on ${a.target}: input delay ${a.inputDelay}, processing ${a.processingDuration}, ` +
      `presentation ${a.presentationDelay}; script ${a.script}, style+layout ${a.styleAndLayout}, ` +
      `paint ${a.paint}; longest script ${a.longestScript ? `${a.longestScript.origin} ${a.longestScript.duration} ms` : "none"})`
    : "";
  const trace = sample.trace
    ? `; trace ${sample.trace.rows.map((r) => `${r.name} ${r.ms.toFixed(1)}`).join(", ")}, ` +
      `style recalc up to ${sample.trace.styleElements} elements`
    : "";
  const seen = sample.interactions.map((i) => `${i.type} ${i.duration}`).join(", ");
  return (
    `INP ${sample.inp ?? "–"} ms${attribution}; phases ${JSON.stringify(sample.phases)}${trace}` +
    `; interactions ${seen || "none over 16 ms"}`
  );
}

/** Resolves once React has hydrated the element (its fiber key is on the node): its handlers are attached. */
export function reactHydrated(target) {
  return target.evaluate(
    (node) =>
      new Promise((resolve) => {
        const check = () =>
          Object.keys(node).some((key) => key.startsWith("__reactFiber"))
            ? resolve()
            : setTimeout(check, 50);
        check();
      }),
    null,
    { timeout: 60_000 },
  );
}

/** Resolves after the page's next frame and a task after it: the frame of what was just done has been produced. */
export const afterFrame = (page) =>
  page.evaluate(
    () => new Promise((resolve) => globalThis.requestAnimationFrame(() => setTimeout(resolve, 0))),
  );

/**
 * The page's record (collectorScript in inp.mjs) once web-vitals has reported: it reports after the browser has
 * dispatched the interaction's timing, a few frames after it. Gives up after 5 s with what there is.
 */
export async function pageRecord(page) {
  let record = null;
  for (let waited = 0; waited < 5000; waited += 250) {
    await page.waitForTimeout(250);
    record = await page.evaluate(() => globalThis.__benchInp);
    if (record.reports.length > 0 && waited >= 500) break;
  }
  return record;
}

/**
 * The browser context of one run: the interaction's screen, nothing reached beyond the site and its fakes, the
 * visitor's country, the presets and the bench's init script (`collector`), and a reference page served by the
 * bench itself on the site's origin (no file is added to the build).
 */
export async function benchContext(browser, interaction, site, collector) {
  const context = await browser.newContext({
    ...VIEWPORTS[interaction.viewport],
    serviceWorkers: "block",
  });
  const origins = new Set([site.url, site.fakesOrigin]);
  await context.route(
    (url) => !origins.has(url.origin),
    (r) => r.abort("blockedbyclient"),
  );
  // The visitor's country, told to the site's own country function only (a header on every request would
  // make the browser ask the fakes for CORS permission first).
  await context.route("**/api/get-country", (r) =>
    r.continue({ headers: { ...r.request().headers(), "x-country": interaction.country } }),
  );
  await context.addInitScript(presets, [
    FLAGS_STORAGE_KEY,
    JSON.stringify(Object.fromEntries(EXPERIMENTS.map((key) => [key, "control"]))),
    POPUP_SHOWN_KEY,
  ]);
  await context.addInitScript(collector);
  if (interaction.page)
    await context.route(site.url + interaction.route, (r) =>
      r.fulfill({ contentType: "text/html; charset=utf-8", body: interaction.page }),
    );
  return context;
}
