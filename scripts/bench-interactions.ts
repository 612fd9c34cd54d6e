// `npm run bench:interactions`: how long the site's key interactions take to paint (web-vitals' INP) on a phone-speed
// CPU, each judged against the budget and against a floor measured in the same run (the same kind of input where
// nothing handles it). A measurement, not a test: it exits 0 once it has run; figures go to stdout and a JSON file.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { EXPERIMENTS } from "../src/config/experiments";
import { POPUP_SHOWN_KEY } from "../src/forms/subscription";
import { FLAGS_STORAGE_KEY } from "../src/providers/experiments/flags";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { fakesBuild, loadAverage, option, startSite, type Site } from "./lib/benchsite";
import { collectorScript, formatTable, INP_BUDGET_MS, type InpReport } from "./lib/inp";
import { selectInteractions, VIEWPORTS, type Interaction } from "./lib/interactions";
import { REPO_ROOT } from "./lib/setup";

if (process.argv.includes("--help")) {
  console.log(`usage: npm run bench:interactions [-- options]
  (measures public/ built for the fakes: \`npm test -- --only=build\`, or pass --build)
  --build        build public/ for the fakes first
  --runs=5       runs of each interaction and floor (median and worst printed)
  --only=a,b     only these interactions (and their floors)
  --cpu=4        CPU slowdown
  --json=FILE    where the figures go (default tests/artifacts/bench/interactions.json)
  --verbose      print each run with web-vitals' attribution`);
  process.exit(0);
}

/** Starts every page with each experiment at control (stable pages) and the article popup just offered. */
function presets([flagsKey, flags, popupKey]: string[]): void {
  try {
    globalThis.localStorage.setItem(flagsKey!, flags!);
    globalThis.localStorage.setItem(popupKey!, String(Date.now()));
  } catch {
    // about:blank has no storage
  }
}

/** The next frame, then an idle moment of the main thread: what was just done has been drawn and settled. */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        globalThis.requestAnimationFrame(() =>
          globalThis.requestIdleCallback(() => resolve(), { timeout: 5000 }),
        ),
      ),
  );

/**
 * React has hydrated the element (its fiber key is on the node): its handlers are attached. No named function in
 * code sent to the page: tsx's esbuild names them with a helper the page does not have.
 */
const hydrated = (page: Page, selector: Interaction["target"]) =>
  selector(page).evaluate(async (node) => {
    while (!Object.keys(node).some((key) => key.startsWith("__reactFiber")))
      await new Promise((resolve) => setTimeout(resolve, 50));
  });

/** A fresh browser context as the interaction's visitor: its screen and country, nothing reached beyond loopback. */
async function visitorContext(
  browser: Browser,
  site: Site,
  item: Interaction,
  init: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...VIEWPORTS[item.viewport],
    serviceWorkers: "block",
  });
  const origins = new Set([site.url, site.fakesOrigin]);
  await context.route(
    (url) => !origins.has(url.origin),
    (route) => route.abort("blockedbyclient"),
  );
  // The country is told to the site's own function only (a header on every request would make the browser ask
  // the fakes for CORS permission first).
  await context.route("**/api/get-country", (route) =>
    route.continue({ headers: { ...route.request().headers(), "x-country": item.country } }),
  );
  const control = JSON.stringify(Object.fromEntries(EXPERIMENTS.map((key) => [key, "control"])));
  await context.addInitScript(presets, [FLAGS_STORAGE_KEY, control, POPUP_SHOWN_KEY]);
  await context.addInitScript(init);
  if (item.page) {
    const body = item.page;
    await context.route(site.url + item.route, (route) =>
      route.fulfill({ contentType: "text/html", body }),
    );
  }
  return context;
}

/** One run: load, wait until the page is ready for the visitor, interact, read the page's INP report. */
async function measureOnce(
  browser: Browser,
  site: Site,
  item: Interaction,
  run: number,
  cpu: number,
  init: string,
) {
  const context = await visitorContext(browser, site, item, init);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    // A visitor who needs no consent: the interaction comes once analytics has started (its first batch reached
    // the ingestion fake), not in the middle of the SDKs' start-up, so each run measures the same thing.
    const analytics =
      item.country === "US" && !item.page
        ? context.waitForEvent("request", {
            predicate: (request) =>
              request.method() === "POST" && request.url().endsWith("/2/httpapi"),
            timeout: 60_000,
          })
        : null;
    await page.goto(site.url + item.route, { waitUntil: "load", timeout: 60_000 });
    const target = item.target(page);
    await target.waitFor({ state: "visible", timeout: 60_000 });
    if (!item.page) await hydrated(page, item.target);
    await analytics;
    await item.prepare?.(page, target, run);
    await settled(page);
    await item.act(page, target);
    await item.done?.(page);
    // web-vitals reads the timings after the interaction's frame, in an idle callback of its own: the report is
    // there once its value reaches the longest interaction the browser timed (none: nothing over 16 ms, no INP).
    const report = await page
      .waitForFunction(
        () => {
          type Record = { reports: InpReport[]; worst: number };
          const { reports, worst } = (globalThis as unknown as { __benchInp: Record }).__benchInp;
          return worst > 0 && (reports.at(-1)?.value ?? 0) >= worst && reports.at(-1);
        },
        null,
        { timeout: 15_000 },
      )
      .catch(() => null);
    return ((await report?.jsonValue()) as InpReport | undefined) ?? null;
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const runs = Math.max(1, Number(option("runs") ?? 5));
  const cpu = Number(option("cpu") ?? 4);
  const out = path.resolve(
    option("json") ?? path.join(REPO_ROOT, "tests", "artifacts", "bench", "interactions.json"),
  );
  let chosen: Interaction[];
  try {
    chosen = selectInteractions(option("only"));
  } catch (error) {
    console.error(`bench:interactions: ${(error as Error).message}`);
    return 2;
  }
  const fakesPort = await fakesBuild("bench:interactions");
  // The package exports no path to its script build, which declares `webVitals`; it sits beside the others.
  const webVitals = path.join(
    path.dirname(require.resolve("web-vitals/attribution")),
    "web-vitals.attribution.iife.js",
  );
  const init = `${fs.readFileSync(webVitals, "utf8")}\n;(${collectorScript})(webVitals);`;
  const site = await startSite(fakesPort);
  const browser = await chromium
    .launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    .catch(async (error: Error) => {
      await site.close();
      throw error;
    });
  const version = browser.version();
  const loadBefore = loadAverage();
  const started = Date.now();
  const results = chosen.map((item) => ({ item, reports: [] as (InpReport | null | string)[] }));
  try {
    console.log(
      `bench:interactions: ${chosen.length} interaction(s) and floors × ${runs} run(s) at ${cpu}x CPU`,
    );
    // Round after round of every interaction and floor, so a change in the host's speed reaches them all alike.
    for (let run = 1; run <= runs; run++)
      for (const result of results) {
        const report = await measureOnce(browser, site, result.item, run, cpu, init).catch(
          (error: Error) => `failed: ${error.message.split("\n")[0]}`,
        );
        result.reports.push(report);
        if (typeof report === "string" || process.argv.includes("--verbose"))
          console.log(`  ${result.item.id} run ${run}: ${JSON.stringify(report)}`);
      }
  } finally {
    await browser.close();
    await site.close();
  }
  const rows = results.map(({ item, reports }) => ({
    id: item.id,
    viewport: item.viewport,
    ...(item.floor ? { floor: item.floor } : {}),
    runs: reports.map((report) => (report && typeof report === "object" ? report.value : null)),
  }));
  console.log(
    `\nINP in ms (web-vitals, the page's worst interaction: input delay + processing + presentation) at ${cpu}x CPU, ` +
      `${runs} run(s), Chromium ${version}; load average ${loadBefore} before, ${loadAverage()} after; ` +
      `${Math.round((Date.now() - started) / 1000)} s. "over floor": the median less its floor's median in this run.\n`,
  );
  console.log(formatTable(rows, INP_BUDGET_MS));
  for (const { item } of results)
    console.log(`  ${item.id}: ${item.label} (${item.route}, ${item.country})`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const json = {
    cpu,
    runs,
    budgetMs: INP_BUDGET_MS,
    loadAverage: [loadBefore, loadAverage()],
    results,
  };
  fs.writeFileSync(
    out,
    `${JSON.stringify(json, (key, value) => (key === "item" ? value.id : value), 2)}\n`,
  );
  console.log(`bench:interactions: wrote ${path.relative(REPO_ROOT, out)}`);
  return 0;
}

void main().then((code) => process.exit(code));
