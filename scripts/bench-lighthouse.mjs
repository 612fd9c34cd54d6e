// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) on the key routes of the built site, median of N runs.
// A measurement, not a test: it always exits 0 once it has run; figures go to stdout (and --json).
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { precompressDir } from "../src/gatsby/precompress.ts";
import { serveBuild } from "./lib/servebuild.mjs";
import { CHROMIUM_ARGS } from "./lib/observe.mjs";
import { REPO_ROOT, chromiumPath } from "./lib/setup.mjs";
import { keyRoutes, median, summarise, TARGETS } from "./lib/lighthouse-report.mjs";

const argv = process.argv.slice(2);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
if (argv.includes("--help")) {
  console.log(`usage: npm run bench:lighthouse [-- options]
  (measures the existing public/: run \`npm run build\` or \`npm run bench\` first)
  --runs=3         runs per route (the median is printed)
  --routes=/,/a/   only these routes
  --json=FILE      also write every run's figures as JSON
  --verbose        print each run, and the LCP element and its phases`);
  process.exit(0);
}

const publicDir = path.join(REPO_ROOT, "public");
if (!fs.existsSync(path.join(publicDir, "index.html"))) {
  console.log("bench:lighthouse: public/ has no build; run `npm run build` first");
  process.exit(1);
}
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
const server = await serveBuild(publicDir);
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
        });
        if (!result.lhr.runtimeError) break;
        console.log(
          `  ${route} run ${i + 1}: Lighthouse ${result.lhr.runtimeError.code}, attempt ${attempt} of 3`,
        );
      }
      const sample = summarise(result.lhr);
      samples.push(sample);
      if (argv.includes("--verbose")) {
        console.log(
          `  ${route} run ${i + 1}: perf ${sample.perf} LCP ${sample.lcp.toFixed(0)} ms TBT ${sample.tbt.toFixed(0)} ms ` +
            `CLS ${sample.cls.toFixed(3)} JS ${(sample.jsBytes / 1024).toFixed(1)} KiB; LCP element: ${sample.lcpElement}` +
            (sample.lcpPhases ? `; phases ${sample.lcpPhases}` : "") +
            (sample.failing.length > 0 ? `; not passed: ${sample.failing.join(", ")}` : ""),
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
const routeWidth = Math.max(12, ...results.map((r) => r.route.length));
console.log(
  `\nLighthouse ${results[0]?.samples[0]?.version ?? "?"}, mobile (simulated Moto G Power, 4x CPU, slow 4G), ` +
    `median of ${runs} per metric, served precompressed by the local server's static layer on loopback.`,
);
const head =
  `${"route".padEnd(routeWidth)} ${cell("Perf", 5)} ${cell("LCP s", 6)} ${cell("TBT ms", 7)} ${cell("CLS", 6)} ` +
  `${cell("JS KiB", 7)} ${cell("A11y", 5)} ${cell("BP", 4)} ${cell("SEO", 4)}  targets`;
console.log(head);
console.log("─".repeat(head.length + 12));
for (const { route, median: m } of results) {
  const misses = [];
  if (m.perf < TARGETS.perf) misses.push("perf");
  if (m.lcp > TARGETS.lcpMs) misses.push("LCP");
  if (m.tbt > TARGETS.tbtMs) misses.push("TBT");
  if (m.cls > TARGETS.cls) misses.push("CLS");
  console.log(
    `${route.padEnd(routeWidth)} ${cell(m.perf, 5)} ${cell((m.lcp / 1000).toFixed(2), 6)} ${cell(m.tbt.toFixed(0), 7)} ` +
      `${cell(m.cls.toFixed(3), 6)} ${cell((m.jsBytes / 1024).toFixed(1), 7)} ${cell(m.a11y, 5)} ${cell(m.bp, 4)} ` +
      `${cell(m.seo, 4)}  ${misses.length ? `missed: ${misses.join(", ")}` : "met"}`,
  );
}
console.log(
  `\nTargets: Perf ≥ ${TARGETS.perf}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ${TARGETS.cls}. ` +
    "JS KiB = script bytes transferred (brotli). TBT depends on how busy the machine's CPUs are; on a shared " +
    "machine read it as an upper bound.",
);
const jsonOut = option("json");
if (jsonOut) {
  fs.writeFileSync(jsonOut, `${JSON.stringify({ runs, results }, null, 2)}\n`);
  console.log(`bench:lighthouse: wrote ${jsonOut}`);
}
process.exit(0);
