// `npm run bench:interactions`: how long the site's key interactions take to paint (web-vitals' INP) on a phone-speed CPU.
// A measurement, not a test: it always exits 0 once it has run; figures go to stdout and a JSON file.
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { createRequire } from "node:module";
import { precompressDir } from "../src/gatsby/precompress.ts";
import { fakesBuild, saveFakesBuild, savedFakesBuild, startBenchSite } from "./lib/benchsite.mjs";
import { hotFunctions } from "./lib/cpuprofile.mjs";
import { removeHarnessListeners } from "./lib/harnesslisteners.mjs";
import {
  calibratedNote,
  calibratedSlowdown,
  loadAverage,
  parseSlowdown,
  probeHost,
  slowHostNote,
} from "./lib/hostprobe.mjs";
import { INP_BUDGET_MS, initScript, readRun } from "./lib/inp.mjs";
import {
  formatReport,
  harnessNote,
  idleNote,
  interactionResults,
  usage,
} from "./lib/interactionreport.mjs";
import { INTERACTIONS, REFERENCES, selectInteractions } from "./lib/interactions.mjs";
import {
  afterFrame,
  benchContext,
  describeRun,
  idle,
  networkWatch,
  pageRecord,
  reactHydrated,
} from "./lib/interactionrun.mjs";
import { CHROMIUM_ARGS } from "./lib/observe.mjs";
import { buildForFakes } from "./lib/benchbuild.mjs";
import { SourceMaps } from "./lib/sourcemaps.mjs";
import { summariseTrace } from "./lib/tracesummary.mjs";
import { REPO_ROOT, chromiumPath } from "./lib/setup.mjs";

const argv = process.argv.slice(2);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const flag = (name) => argv.includes(`--${name}`);
if (flag("help")) {
  console.log(usage(INTERACTIONS, REFERENCES));
  process.exit(0);
}

const root = REPO_ROOT;
const publicDir = path.join(root, "public");
const runs = Math.max(1, Number(option("runs") ?? 5));
const out = path.resolve(
  option("json") ?? path.join(root, "tests", "artifacts", "bench", "interactions.json"),
);
const outDir = path.dirname(out);
let chosen;
// The slowdown, or null for "calibrated": matching 4× on a host of the reference speed (set after the probe).
let slowdown;
try {
  slowdown = parseSlowdown(option("cpu"));
  chosen = option("only")
    ? selectInteractions(option("only"), [...INTERACTIONS, ...REFERENCES])
    : [...(flag("floors") ? REFERENCES : []), ...INTERACTIONS];
} catch (error) {
  console.log(`bench:interactions: ${error.message}`);
  process.exit(2);
}

if (flag("build") && !(await buildForFakes(root))) process.exit(1);
const build = fakesBuild(root);
if (build.problem) {
  console.log(
    `bench:interactions: ${build.problem}; run \`npm test -- --only=build\` or pass --build`,
  );
  process.exit(1);
}
if (option("save-build")) {
  const saved = saveFakesBuild(root, path.resolve(option("save-build")));
  console.log(`bench:interactions: ${saved.problem ?? `saved public/ to ${option("save-build")}`}`);
  process.exit(saved.problem ? 1 : 0);
}
// The builds measured: public/, and in a comparison the saved one, each served from where it is.
const against = option("against") ? savedFakesBuild(path.resolve(option("against"))) : null;
if (against?.problem) {
  console.log(`bench:interactions: ${against.problem}; save one with --save-build=DIR`);
  process.exit(1);
}
const builds = [
  ...(against ? [{ name: `${path.basename(path.resolve(option("against")))}/`, ...against }] : []),
  { name: "public/", publicDir, fakesPort: build.fakesPort },
];
const rounds = builds.length > 1 ? Math.max(1, Number(option("rounds") ?? 3)) : 1;

const require = createRequire(import.meta.url);
// The package exports no path to its script build; it sits beside the CommonJS one.
const webVitalsDist = path.dirname(require.resolve("web-vitals/attribution"));
const webVitals = path.join(webVitalsDist, "web-vitals.attribution.iife.js");
const collector = initScript(fs.readFileSync(webVitals, "utf8"));
const webVitalsVersion = JSON.parse(
  fs.readFileSync(path.join(path.dirname(webVitalsDist), "package.json"), "utf8"),
).version;
for (const one of builds) {
  one.maps = new SourceMaps(one.publicDir);
  await precompressDir(one.publicDir);
}
const { chromium } = await import("@playwright/test");
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: [
    ...CHROMIUM_ARGS,
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  ],
});
const loadBefore = loadAverage();
const probeBefore = await probeHost(browser);
const calibration = slowdown === null ? calibratedSlowdown(probeBefore.ms) : null;
const cpu = calibration?.rate ?? slowdown;
const cpuLabel = calibration ? `${cpu}x CPU (calibrated to the host probe)` : `${cpu}x CPU`;
console.log(
  `bench:interactions: ${chosen.length} interaction(s) × ${runs} run(s)${rounds > 1 ? ` × ${rounds} rounds of ${builds.map((b) => b.name).join(" and ")}` : ""} at ${cpuLabel}; load average ${loadBefore}`,
);

/** One run of an interaction on `site` (source maps `maps`), in a context of its own; files named <id>-<tag>. */
async function measureOnce(interaction, run, { site, maps, tag = String(run) }) {
  const context = await benchContext(browser, interaction, site, collector);
  const quiet = networkWatch(context);
  let ingested = false;
  context.on("request", (request) => {
    if (request.method() === "POST" && /\/2\/httpapi$/.test(request.url())) ingested = true;
  });
  const analyticsStarted = async (limitMs) => {
    for (const begun = Date.now(); !ingested && Date.now() - begun < limitMs;)
      await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  const t0 = Date.now();
  const phases = {};
  const mark = (name) => {
    phases[name] = Date.now() - t0;
  };
  try {
    await page.goto(site.url + interaction.route, { waitUntil: "load", timeout: 60_000 });
    mark("load");
    const target = interaction.target(page);
    await target.waitFor({ state: "visible", timeout: 60_000 });
    // React's handlers attached (its fiber key on the node), the page's requests done, the browser idle.
    if (!interaction.page) await reactHydrated(target);
    mark("hydrated");
    // A visitor who needs no consent: identification and analytics start after the largest paint. The
    // interaction is measured once they have (the first events reached the ingestion fake), not in the middle
    // of their start-up, so each run measures the same thing.
    if (interaction.country !== "DE") await analyticsStarted(20_000);
    await quiet(500, 20_000);
    mark("quiet");
    await interaction.prepare?.(page, target, run);
    await quiet(300, 10_000);
    // Playwright's own listeners leave the page before the tap: a visitor's browser has none of them.
    const harnessListeners = flag("keep-harness-listeners")
      ? null
      : await removeHarnessListeners(cdp);
    await idle(page);
    if (flag("profile")) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    mark("idle");
    if (flag("trace"))
      await browser.startTracing(page, {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "blink.user_timing",
          // V8.CompileCode: the lazy compilation a first call costs (seen in the click of a tap).
          "v8",
          "disabled-by-default-v8.compile",
        ],
      });
    // web-vitals' own processing of the timings waits until the interaction's frame is drawn (idleGate in
    // lib/inp.mjs): the site ships no web-vitals, so a visitor's tap has none of that work in it.
    const holdIdle = !flag("keep-harness-idle");
    if (holdIdle) await page.evaluate(() => globalThis.__benchIdle.hold());
    await interaction.act(page, target);
    // The profile and the trace cover the interaction up to the frame after it, nothing later.
    await afterFrame(page);
    const profile = flag("profile") ? (await cdp.send("Profiler.stop")).profile : null;
    const traced = flag("trace") ? await browser.stopTracing() : null;
    const heldIdle = holdIdle ? await page.evaluate(() => globalThis.__benchIdle.release()) : null;
    await interaction.done(page);
    mark("done");
    const record = await pageRecord(page);
    let trace = null;
    if (traced) {
      const buffer = traced;
      const file = path.join(outDir, "traces", `${interaction.id}-${tag}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, buffer);
      trace = {
        file: path.relative(root, file),
        ...summariseTrace(JSON.parse(buffer.toString()).traceEvents),
      };
    }
    if (profile) {
      const file = path.join(outDir, "profiles", `${interaction.id}-${tag}.cpuprofile`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
    }
    const result = readRun(record);
    const longest = result.attribution?.longestScript;
    if (longest) longest.origin = maps.scriptOrigin(longest);
    for (const script of result.attribution?.scripts ?? [])
      script.origin = maps.scriptOrigin(script);
    mark("reported");
    const hot = profile ? hotFunctions(profile, maps) : null;
    return { ...result, phases, harnessListeners, heldIdle, hot, trace };
  } finally {
    await context.close();
  }
}

const started = Date.now();
// Per build, per interaction, the runs of every round.
const samples = builds.map(() => chosen.map(() => []));
let probeAfter;
try {
  for (let round = 1; round <= rounds; round++) {
    for (const [b, one] of builds.entries()) {
      const site = await startBenchSite({ publicDir: one.publicDir, fakesPort: one.fakesPort });
      try {
        for (const [i, interaction] of chosen.entries()) {
          for (let run = 1; run <= runs; run++) {
            let sample;
            try {
              const tag = builds.length > 1 ? `${b + 1}-${round}-${run}` : `${run}`;
              sample = await measureOnce(interaction, run, { site, maps: one.maps, tag });
            } catch (error) {
              sample = { inp: null, error: error.message.split("\n")[0], interactions: [] };
            }
            samples[b][i].push(sample);
            if (flag("verbose") || sample.error) {
              const where = rounds > 1 ? ` (${one.name} round ${round})` : "";
              console.log(`  ${interaction.id} run ${run}${where}: ${describeRun(sample)}`);
            }
          }
          if (rounds === 1) process.stdout.write(`  measured ${interaction.id}\n`);
        }
      } finally {
        await site.close();
      }
    }
    if (rounds > 1) process.stdout.write(`  round ${round} of ${rounds} measured\n`);
  }
  probeAfter = await probeHost(browser);
} finally {
  await browser.close();
}
const measured = builds.map((one, b) => ({
  name: one.name,
  results: interactionResults(chosen, samples[b], { hot: flag("profile") }),
}));
const results = measured.at(-1).results;

const loadAfter = loadAverage();
console.log(
  `\nINP (web-vitals ${webVitalsVersion}, every interaction reported) at ${cpuLabel}, ` +
    `${runs} run(s)${rounds > 1 ? ` × ${rounds} rounds` : ""} each, Chromium ${browser.version()}; load average before ${loadBefore}, after ${loadAfter}; ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s; ` +
    `host probe ${probeBefore.ms} ms before, ${probeAfter?.ms ?? "–"} ms after (a fixed page workload at 1x; lower is faster)`,
);
console.log(formatReport(measured, INP_BUDGET_MS));
console.log(harnessNote(samples.flat(2)));
console.log(idleNote(samples.flat(2)));
const slowHost = slowHostNote(probeBefore, probeAfter);
const hostNote = calibration ? calibratedNote(calibration, probeBefore, probeAfter) : slowHost;
if (hostNote) console.log(hostNote);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify(
    {
      cpu,
      ...(calibration ? { calibration } : {}),
      runs,
      budgetMs: INP_BUDGET_MS,
      loadAverage: { before: loadBefore, after: loadAfter },
      hostProbeMs: { before: probeBefore, after: probeAfter },
      slowHost: slowHost !== null,
      results,
      ...(measured.length > 1 ? { rounds, builds: measured } : {}),
    },
    null,
    2,
  )}\n`,
);
console.log(`bench:interactions: wrote ${path.relative(root, out)}`);
process.exit(0);
