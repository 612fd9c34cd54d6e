// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) on the key routes of the built site, median of N runs.
// A measurement, not a test: it always exits 0 once it has run; figures go to stdout (and --json).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import process from "node:process";
import { precompressDir } from "../src/gatsby/precompress.ts";
import { fakesBuild, startBenchSite } from "./lib/benchsite.mjs";
import { buildForFakes } from "./lib/benchbuild.mjs";
import { SizeCache, fileForPath } from "./lib/firstload.mjs";
import { lateScripts } from "./lib/latechunks.mjs";
import { serveBuild } from "./lib/servebuild.mjs";
import { CHROMIUM_ARGS } from "./lib/observe.mjs";
import { REPO_ROOT, chromiumPath } from "./lib/setup.mjs";
import { SourceMaps } from "./lib/sourcemaps.mjs";
import { sdkChunks } from "./lib/sdkchunks.mjs";
import { attributeTask, cpuSamples, longTasks, sdkClassifier } from "./lib/tracetasks.mjs";
import {
  PROFILES,
  keyRoutes,
  lateChunkTable,
  median,
  scriptBrotliBytes,
  summarise,
  blockingTasks,
  targetsFor,
} from "./lib/lighthouse-report.mjs";

const argv = process.argv.slice(2);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
if (argv.includes("--help")) {
  console.log(`usage: npm run bench:lighthouse [-- options]
  (measures the existing public/: run \`npm run build\` or \`npm run bench\` first)
  --profile=NAME   the visitor: "default" (country unknown, so the consent banner shows) or "consented" (a
                   US visitor on a build whose Amplitude and Fingerprint keys point at the fakes: no banner,
                   both SDKs start); "consented" needs public/ built for the fakes (\`npm test -- --only=build\`)
  --build          build public/ for the fakes first
  --runs=3         runs per route (the median is printed)
  --routes=/,/a/   only these routes
  --json=FILE      also write every run's figures as JSON
  --traces=DIR     save each run's trace (with CPU samples) and Lighthouse report there (the trace opens in
                   Chromium's DevTools)
  --verbose        print each run, and the LCP element and its phases`);
  process.exit(0);
}

const publicDir = path.join(REPO_ROOT, "public");
const profile = option("profile") ?? "default";
if (!PROFILES[profile]) {
  console.log(
    `bench:lighthouse: unknown profile "${profile}"; known: ${Object.keys(PROFILES).join(", ")}`,
  );
  process.exit(2);
}
if (argv.includes("--build") && !(await buildForFakes(REPO_ROOT))) process.exit(1);
if (!fs.existsSync(path.join(publicDir, "index.html"))) {
  console.log("bench:lighthouse: public/ has no build; run `npm run build` first");
  process.exit(1);
}
// A build made for the fakes calls them (status, identification, analytics): they answer here too.
const forFakes = fakesBuild(REPO_ROOT);
if (profile === "consented" && forFakes.problem) {
  console.log(
    `bench:lighthouse: ${forFakes.problem}; run \`npm test -- --only=build\` or pass --build`,
  );
  process.exit(1);
}
const TARGETS = targetsFor(profile);
const runs = Math.max(1, Number(option("runs") ?? 3));
const routes =
  option("routes")
    ?.split(",")
    .map((r) => r.trim())
    .filter(Boolean) ?? keyRoutes(publicDir);

const { default: lighthouse } = await import("lighthouse");
const chromeLauncher = await import("chrome-launcher");

// The build step writes the .br/.gz siblings; a build from before it (or made with NETLIFY/VERCEL set)
// gets them here, so every run measures the bytes a CDN would send.
const packed = await precompressDir(publicDir);
const server = forFakes.problem
  ? await serveBuild(publicDir)
  : await startBenchSite({
      publicDir,
      fakesPort: forFakes.fakesPort,
      country: PROFILES[profile].country,
    });
const maps = new SourceMaps(publicDir);
const isSdk = sdkClassifier(new Set(sdkChunks(publicDir).keys()));
const sizes = new SizeCache();
const brotliOf = (pathname) => {
  const file = fileForPath(publicDir, pathname);
  return file ? (sizes.of(file)?.brotli ?? null) : null;
};
console.log(
  `bench:lighthouse: ${packed.files} files precompressed (brotli 11, ${packed.written} written now), served at ${server.url}`,
);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: [
    "--headless=new",
    ...CHROMIUM_ARGS,
    // Offline: no name but loopback resolves, so nothing leaves the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  ],
});

/**
 * From one run's protocol log and trace: the scripts fetched after the first paint with the reason each loaded,
 * and the tasks after it that block at 4x (Lighthouse's multiplier), each with the code that ran in it and the
 * share of it that was the SDKs' start-up.
 */
function afterPaint(result, documentUrl) {
  const metrics = result.lhr.audits.metrics?.details?.items?.[0] ?? {};
  const paintTs = metrics.observedFirstContentfulPaintTs ?? 0;
  const start = metrics.observedNavigationStartTs ?? 0;
  const late = lateScripts(result.artifacts.DevtoolsLog ?? [], {
    paintTs,
    origin: new URL(documentUrl).origin,
    documentUrl,
    maps,
    sizeOf: brotliOf,
  });
  const events = result.artifacts.Trace?.traceEvents ?? [];
  const samples = cpuSamples(events);
  const tasks = longTasks(events, { afterTs: paintTs }).map((task) => ({
    atMs: Math.round((task.ts - start) / 1000),
    ms: task.ms,
    ...attributeTask(task, samples, maps, isSdk),
  }));
  return {
    late,
    longTasks: tasks,
    jsBrotli: scriptBrotliBytes(result.lhr, new URL(documentUrl).origin, brotliOf),
    blocking: blockingTasks(result.lhr, new URL(documentUrl).origin),
  };
}

const results = [];
try {
  for (const route of routes) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      let result = null;
      // Lighthouse now and then loses the trace of a load (NO_NAVSTART): that run is made again, twice at most.
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await lighthouse(`${server.url}${route}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          // CPU samples in the trace, so a long task can be traced to the code that ran in it.
          additionalTraceCategories: "disabled-by-default-v8.cpu_profiler",
        });
        if (!result.lhr.runtimeError) break;
        console.log(
          `  ${route} run ${i + 1}: Lighthouse ${result.lhr.runtimeError.code}, attempt ${attempt} of 3`,
        );
      }
      const sample = { ...summarise(result.lhr), ...afterPaint(result, server.url + route) };
      const traces = option("traces");
      if (traces) {
        fs.mkdirSync(traces, { recursive: true });
        const name = `${profile}${route.replace(/[^a-z0-9]+/gi, "-")}${i + 1}.json`;
        fs.writeFileSync(path.join(traces, name), JSON.stringify(result.artifacts.Trace));
        // The report too: its long-tasks audit has each task as Lighthouse simulated it (the TBT's own timeline).
        fs.writeFileSync(
          path.join(traces, name.replace(/\.json$/, ".lhr.json")),
          JSON.stringify(result.lhr),
        );
      }
      samples.push(sample);
      if (argv.includes("--verbose")) {
        console.log(
          `  ${route} run ${i + 1}: perf ${sample.perf} LCP ${sample.lcp.toFixed(0)} ms TBT ${sample.tbt.toFixed(0)} ms ` +
            `CLS ${sample.cls.toFixed(3)} JS ${(sample.jsBrotli / 1024).toFixed(1)} KiB br ` +
            `(${(sample.jsBytes / 1024).toFixed(1)} KiB sent); LCP element: ${sample.lcpElement}` +
            (sample.lcpPhases ? `; phases ${sample.lcpPhases}` : "") +
            (sample.failing.length > 0 ? `; not passed: ${sample.failing.join(", ")}` : ""),
        );
        console.log(
          `    TTI ${sample.blocking.tti} ms; Lighthouse's tasks between FCP and TTI: ` +
            (sample.blocking.tasks
              .map((t) => `${t.at} ms ${t.ms} ms (blocking ${t.blocking}) ${t.url}`)
              .join(", ") || "none"),
        );
        for (const task of sample.longTasks)
          console.log(
            `    long task at ${task.atMs} ms: ${task.ms} ms at 4x, SDK start-up ${Math.round(task.sdkShare * 100)}%: ` +
              task.top.map((t) => `${t.where} ${Math.round(t.share * 100)}%`).join(", "),
          );
      }
    }
    results.push({ route, samples, median: median(samples) });
    process.stdout.write(`  measured ${route}\n`);
  }
} finally {
  await chrome.kill();
  await server.close();
}

const cell = (text, width) => String(text).padStart(width);
console.log(`\nScripts fetched after the first paint (${profile} profile), and why:`);
for (const { route, samples } of results) console.log(lateChunkTable(route, samples));
const sdkTasks = results.flatMap(({ route, samples }) =>
  samples.flatMap((s, i) =>
    s.longTasks.filter((t) => t.sdkShare >= 0.5).map((t) => ({ route, run: i + 1, ...t })),
  ),
);
console.log(
  sdkTasks.length === 0
    ? "\nNo task over 50 ms (at 4x) after the first paint was mostly the SDKs' start-up."
    : `\nTasks over 50 ms (at 4x) after the first paint that were mostly the SDKs' start-up:\n${sdkTasks
        .map(
          (t) =>
            `  ${t.route} run ${t.run}: ${t.ms} ms at ${t.atMs} ms (${t.top.map((x) => x.where).join(", ")})`,
        )
        .join("\n")}`,
);
const routeWidth = Math.max(12, ...results.map((r) => r.route.length));
console.log(
  `\nLighthouse ${results[0]?.samples[0]?.version ?? "?"}, mobile (simulated Moto G Power, 4x CPU, slow 4G), ` +
    `${profile} profile (${PROFILES[profile].description}), median of ${runs} per metric, served precompressed ` +
    `by the local server's static layer on loopback; load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(", ")}.`,
);
const head =
  `${"route".padEnd(routeWidth)} ${cell("Perf", 5)} ${cell("LCP s", 6)} ${cell("TBT ms", 7)} ${cell("CLS", 6)} ` +
  `${cell("JS KiB", 7)} ${cell("sent", 6)} ${cell("A11y", 5)} ${cell("BP", 4)} ${cell("SEO", 4)}  targets`;
console.log(head);
console.log("─".repeat(head.length + 12));
for (const { route, median: m } of results) {
  const misses = [];
  if (m.perf < TARGETS.perf) misses.push("perf");
  if (m.lcp > TARGETS.lcpMs) misses.push("LCP");
  if (m.tbt > TARGETS.tbtMs) misses.push("TBT");
  if (m.cls > TARGETS.cls) misses.push("CLS");
  if (m.jsBrotli > TARGETS.jsBytes) misses.push("JS");
  console.log(
    `${route.padEnd(routeWidth)} ${cell(m.perf, 5)} ${cell((m.lcp / 1000).toFixed(2), 6)} ${cell(m.tbt.toFixed(0), 7)} ` +
      `${cell(m.cls.toFixed(3), 6)} ${cell((m.jsBrotli / 1024).toFixed(1), 7)} ${cell((m.jsBytes / 1024).toFixed(1), 6)} ${cell(m.a11y, 5)} ${cell(m.bp, 4)} ` +
      `${cell(m.seo, 4)}  ${misses.length ? `missed: ${misses.join(", ")}` : "met"}`,
  );
}
console.log(
  `\nTargets: Perf ≥ ${TARGETS.perf}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ${TARGETS.cls}` +
    (Number.isFinite(TARGETS.jsBytes) ? `, JS ≤ ${TARGETS.jsBytes / 1024} KiB` : "") +
    ". " +
    "JS KiB = the brotli size of every script fetched in the Lighthouse window; sent = Lighthouse's transfer size " +
    "(the same plus each response's headers, about 1.4 KiB per script over HTTP/1.1). TBT depends on how busy the machine's CPUs are; on a shared " +
    "machine read it as an upper bound.",
);
const jsonOut = option("json");
if (jsonOut) {
  fs.writeFileSync(
    jsonOut,
    `${JSON.stringify({ profile, runs, loadAverage: os.loadavg(), results }, null, 2)}\n`,
  );
  console.log(`bench:lighthouse: wrote ${jsonOut}`);
}
process.exit(0);
