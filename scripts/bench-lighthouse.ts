// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) on the eight key routes of the built site,
// the median of 3 runs, for the default visitor or a consented one. A measurement, not a test: it exits 0 once it
// has run. Lighthouse's node API rather than @lhci/cli: lhci pins an older Lighthouse, prints no metric per route,
// and would not spare the server and fakes set-up below.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { precompressDir } from "../src/gatsby/precompress";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { fakesBuild, loadAverage, option, PUBLIC_DIR, startSite } from "./lib/benchsite";
import { middle } from "./lib/inp";

/** The visitors: what /api/get-country answers for every request (null: unknown, so the banner shows). */
const PROFILES = {
  default: {
    country: null,
    about: "country unknown: the consent banner shows, nothing tracks",
    tbtMs: 80,
  },
  consented: {
    country: "US",
    about: "a US visitor: identification and analytics start, against the fakes",
    tbtMs: 100,
  },
} as const;
const TARGETS = { perf: 98, lcpMs: 1000, cls: 0 };
type Figures = { perf: number; lcp: number; tbt: number; cls: number };

if (process.argv.includes("--help")) {
  console.log(`usage: npm run bench:lighthouse [-- options]
  (measures public/ built for the fakes: \`npm test -- --only=build\`, or pass --build)
  --profile=NAME   default (country unknown, the banner shows) or consented (a US visitor, both SDKs start)
  --build          build public/ for the fakes first
  --runs=3         runs per route (the median of each metric is printed)
  --routes=/,/a/   only these routes
  --json=FILE      also write every run's figures as JSON`);
  process.exit(0);
}

/** The home page, pricing, the demo, both product pages, an industry page, the GitHub page and a blog post. */
function keyRoutes(publicDir: string): string[] {
  const folders = (dir: string) =>
    fs.existsSync(path.join(publicDir, dir))
      ? fs.readdirSync(path.join(publicDir, dir)).sort()
      : [];
  const pro = folders("products").find((name) => name.endsWith("-pro"));
  // A post, not a listing: /blog/2/ is a page of the list.
  const post = folders("blog").find(
    (name) => !/^\d+$/.test(name) && !["tag", "tags", "author"].includes(name),
  );
  const wanted = [
    "/",
    "/pricing/",
    "/demo/",
    `/products/${pro}/`,
    "/products/bot-detection/",
    "/e-commerce/",
    "/github/",
    `/blog/${post}/`,
  ];
  return wanted.filter((route) => fs.existsSync(path.join(publicDir, route, "index.html")));
}

type Result = {
  lhr: {
    runtimeError?: { code: string };
    categories: { performance?: { score: number | null } };
    audits: Record<string, { numericValue?: number }>;
  };
};

async function main(): Promise<number> {
  const profileName = option("profile") ?? "default";
  if (!(profileName in PROFILES)) {
    console.error(`bench:lighthouse: unknown profile "${profileName}" (default, consented)`);
    return 2;
  }
  const profile = PROFILES[profileName as keyof typeof PROFILES];
  const runs = Math.max(1, Number(option("runs") ?? 3));
  const fakesPort = await fakesBuild("bench:lighthouse");
  const routes = option("routes")?.split(",").filter(Boolean) ?? keyRoutes(PUBLIC_DIR);
  // The bytes a CDN would send: the build writes the .br/.gz siblings, a build made as on a host does not.
  await precompressDir(PUBLIC_DIR);
  const { default: lighthouse } = (await import("lighthouse")) as unknown as {
    default: (url: string, flags: object) => Promise<Result | undefined>;
  };
  const site = await startSite(fakesPort, profile.country);
  const chrome = await chromeLauncher
    .launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] })
    .catch(async (error: Error) => {
      await site.close();
      throw error;
    });
  const results: { route: string; runs: Figures[]; median: Figures }[] = [];
  try {
    for (const route of routes) {
      const figures: Figures[] = [];
      for (let run = 1; run <= runs; run++) {
        // Lighthouse now and then loses the trace of a load (NO_NAVSTART): that run is made again, twice at most.
        let result: Result | undefined;
        for (let attempt = 1; attempt <= 3 && (!result || result.lhr.runtimeError); attempt++)
          result = await lighthouse(`${site.url}${route}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
          });
        const audit = (id: string) => result?.lhr.audits[id]?.numericValue ?? NaN;
        figures.push({
          perf: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
          lcp: audit("largest-contentful-paint"),
          tbt: audit("total-blocking-time"),
          cls: audit("cumulative-layout-shift"),
        });
      }
      const median = (key: keyof Figures) => middle(figures.map((f) => f[key]));
      results.push({
        route,
        runs: figures,
        median: {
          perf: median("perf"),
          lcp: median("lcp"),
          tbt: median("tbt"),
          cls: median("cls"),
        },
      });
      console.log(`  measured ${route}`);
    }
  } finally {
    chrome.kill();
    await site.close();
  }
  const width = Math.max(28, ...results.map((r) => r.route.length));
  const head = `${"route".padEnd(width)} ${"Perf".padStart(5)} ${"LCP s".padStart(6)} ${"TBT ms".padStart(7)} ${"CLS".padStart(6)}  targets`;
  console.log(
    `\nLighthouse mobile (simulated Moto G Power, 4x CPU, slow 4G), ${profileName} visitor (${profile.about}), ` +
      `median of ${runs} per metric; load average ${loadAverage()}.\n${head}\n${"─".repeat(head.length + 10)}`,
  );
  for (const { route, median: m } of results) {
    const missed = [
      ...(m.perf < TARGETS.perf ? ["Perf"] : []),
      ...(m.lcp > TARGETS.lcpMs ? ["LCP"] : []),
      ...(m.tbt > profile.tbtMs ? ["TBT"] : []),
      ...(m.cls > TARGETS.cls ? ["CLS"] : []),
    ];
    console.log(
      `${route.padEnd(width)} ${String(m.perf).padStart(5)} ${(m.lcp / 1000).toFixed(2).padStart(6)} ` +
        `${m.tbt.toFixed(0).padStart(7)} ${m.cls.toFixed(3).padStart(6)}  ${missed.length ? `missed: ${missed.join(", ")}` : "met"}`,
    );
  }
  console.log(
    `Targets: Perf ≥ ${TARGETS.perf}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${profile.tbtMs} ms, CLS ${TARGETS.cls}. ` +
      "TBT is CPU time: on a shared machine read it as an upper bound.",
  );
  const json = option("json");
  if (json)
    fs.writeFileSync(json, `${JSON.stringify({ profile: profileName, runs, results }, null, 2)}\n`);
  return 0;
}

void main().then((code) => process.exit(code));
