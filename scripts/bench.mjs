// `npm run bench`: build time and peak memory, then first-load JS/CSS/transfer of every built page against the budgets.
// A measurement, not a test: it always exits 0.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import process from "node:process";
import { HEADER, KIB, flagsFor, kib, printDetails, printTable } from "./lib/benchreport.mjs";
import { SizeCache, listHtmlPages, measurePage, fileForPath } from "./lib/firstload.mjs";
import { startSampler } from "./lib/proctree.mjs";
import { observeConsent, sdkChunks } from "./lib/sdkchunks.mjs";
import { CHROMIUM_ARGS } from "./lib/observe.mjs";
import { localBin, run } from "./lib/proc.mjs";
import { REPO_ROOT, baseEnv, chromiumPath, gatsbyBuild } from "./lib/setup.mjs";

const root = REPO_ROOT;
process.chdir(root);
const publicDir = path.join(root, "public");

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
if (flag("help")) {
  console.log(`usage: npm run bench [-- options]
  --no-build       measure the existing public/ instead of building first
  --clean          run gatsby clean before building (a cold build; default is whatever .cache holds)
  --no-browser     skip loading the pages in Chromium (the "seen" columns)
  --routes=/,/a/   only these routes
  --verbose        list every file counted for each page
  --json=FILE      also write the figures as JSON`);
  process.exit(0);
}

const gib = (bytes) => (bytes / KIB ** 3).toFixed(2);

// ── Build ─────────────────────────────────────────────────────────────────────────────────────────

async function measureBuild() {
  if (flag("clean")) {
    console.log("bench: gatsby clean");
    await run(localBin(root, "gatsby"), ["clean"], { cwd: root, env: baseEnv() });
  }
  const warm = fs.existsSync(path.join(root, ".cache"));
  const logFile = path.join(os.tmpdir(), `gatsby-build-${Date.now()}.log`);
  const fd = fs.openSync(logFile, "w");
  console.log(`bench: gatsby build (${warm ? "warm .cache" : "cold, no .cache"}); log: ${logFile}`);
  let sampler = null;
  const start = process.hrtime.bigint();
  const result = await gatsbyBuild(root, {
    // Every provider on (identification and analytics keys set, as in production), so the figures
    // are those of a real site; nothing starts before consent either way.
    // Source maps on: they tell the vendor SDK chunks apart (scripts/lib/sdkchunks.mjs).
    env: baseEnv({
      SOURCE_MAPS: "true",
      GATSBY_FPJS_PUBLIC_API_KEY: process.env.GATSBY_FPJS_PUBLIC_API_KEY || "benchPublicKey01",
      GATSBY_AMPLITUDE_API_KEY:
        process.env.GATSBY_AMPLITUDE_API_KEY || "0123456789abcdef0123456789abcdef",
    }),
    stdio: ["ignore", fd, fd],
    onSpawn: (child) => {
      sampler = startSampler(child.pid, 200);
    },
    // The figures are those of one build: a stuck one is ended (scripts/lib/buildguard.mjs), not run again.
    attempts: 1,
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const memory = sampler ? sampler.stop() : null;
  fs.closeSync(fd);
  if (result.code !== 0) {
    const tail = fs.readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-40).join("\n");
    console.log(
      `bench: gatsby build FAILED (exit ${result.code}); last lines of the log:\n${tail}\n`,
    );
  }
  return { ok: result.code === 0, seconds, warm, memory, logFile };
}

// ── Pages ─────────────────────────────────────────────────────────────────────────────────────────

function seenTotals(observation, sizes) {
  const unique = new Map();
  for (const r of observation.requests) if (!unique.has(r.path)) unique.set(r.path, r.type);
  let js = 0;
  let jsGzip = 0;
  let css = 0;
  let total = 0;
  const files = [];
  for (const [sitePath, type] of unique) {
    const file = fileForPath(publicDir, sitePath);
    const s = file ? sizes.of(file) : null;
    if (!s) continue;
    files.push({ path: sitePath, type, sizes: s });
    total += s.brotli;
    if (type === "script") {
      js += s.brotli;
      jsGzip += s.gzip;
    } else if (type === "stylesheet") css += s.brotli;
  }
  return {
    js,
    jsGzip,
    css,
    total,
    files,
    status: observation.status,
    external: observation.external,
  };
}

/** Seen JS/CSS also carry the inline code, which arrives inside the document, to compare with JS/CSS. */
function withInline(seen, page) {
  return {
    ...seen,
    js: seen.js + page.js.inline.brotli,
    jsGzip: seen.jsGzip + page.js.inline.gzip,
    css: seen.css + page.css.inline.brotli,
  };
}

async function measurePages() {
  if (!fs.existsSync(path.join(publicDir, "index.html"))) {
    console.log("bench: public/ has no build; nothing to measure");
    return [];
  }
  const only = option("routes")
    ?.split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  const sizes = new SizeCache();
  const cache = {};
  let pages = listHtmlPages(publicDir).map((file) => measurePage(publicDir, file, sizes, cache));
  if (only) pages = pages.filter((p) => only.includes(p.route));

  if (!flag("no-browser")) {
    const exe = chromiumPath();
    if (!fs.existsSync(exe)) {
      console.log(
        `bench: ${exe} not found; skipping the "seen" columns (set CHROMIUM_PATH or install chromium)`,
      );
    } else {
      console.log(`bench: loading ${pages.length} page(s) in Chromium to see what they fetch…`);
      try {
        const { observePages } = await import("./lib/observe.mjs");
        const seen = await observePages(
          publicDir,
          pages.map((p) => p.route),
          { executablePath: exe },
        );
        for (const page of pages) {
          const o = seen.get(page.route);
          if (o) page.seen = withInline(seenTotals(o, sizes), page);
        }
      } catch (error) {
        console.log(
          `bench: browser measurement failed, skipping it: ${error.message.split("\n")[0]}`,
        );
      }
    }
  }
  return pages;
}

const build = flag("no-build") ? null : await measureBuild();
const pages = await measurePages();

console.log(HEADER);
if (pages.length > 0) printTable(pages);
if (flag("verbose")) for (const p of pages) printDetails(p);

const warnings = [];
for (const p of pages) {
  if (p.missing.length)
    warnings.push(`${p.route}: referenced but not in public/: ${p.missing.join(", ")}`);
  const external = [...new Set([...p.external, ...(p.seen?.external ?? [])])];
  if (external.length)
    warnings.push(`${p.route}: requests to other origins (not counted): ${external.join(", ")}`);
  if (p.seen && p.seen.status !== 200)
    warnings.push(`${p.route}: the browser load answered ${p.seen.status}`);
}
if (warnings.length) {
  console.log("\nwarnings:");
  for (const w of warnings) console.log(`  - ${w}`);
}

// The SDKs: separate chunks, none fetched before consent, fetched after "Accept all".
let sdks = new Map();
try {
  if (fs.existsSync(publicDir)) sdks = sdkChunks(publicDir);
} catch (error) {
  console.log(`\nVendor SDK chunks: NOT CHECKED: ${error.message}`);
}
if (sdks.size > 0) {
  const label = (file) =>
    `${file} (${sdks.get(file)?.join(", ")}, ${kib(new SizeCache().of(path.join(publicDir, file.slice(1)))?.brotli ?? 0)} KiB br)`;
  console.log("\nVendor SDK chunks in public/:");
  for (const file of sdks.keys()) console.log(`  ${label(file)}`);
  const inFirstLoad = pages.filter((p) => p.js.files.some((f) => sdks.has(f.path)));
  console.log(
    inFirstLoad.length
      ? `  IN THE FIRST LOAD of: ${inFirstLoad.map((p) => p.route).join(", ")}`
      : "  in no page's first load",
  );
  const exe = chromiumPath();
  if (!flag("no-browser") && fs.existsSync(exe)) {
    try {
      const route = option("consent-route") ?? "/demo/";
      const seen = await observeConsent(publicDir, route, {
        executablePath: exe,
        args: CHROMIUM_ARGS,
      });
      const before = seen.before.filter((file) => sdks.has(file));
      const after = seen.after.filter((file) => sdks.has(file));
      console.log(`Consent on ${route} (unknown country, so the banner shows):`);
      console.log(
        `  before consent: ${before.length ? `FETCHED ${before.map(label).join(", ")}` : "no SDK chunk fetched"}`,
      );
      console.log(
        seen.accepted
          ? `  after Accept all: ${after.length ? after.map(label).join(", ") : "no SDK chunk fetched (are the keys set?)"}`
          : "  no banner to accept (is the consent provider on?)",
      );
    } catch (error) {
      console.log(`  consent check failed: ${error.message.split("\n")[0]}`);
    }
  }
}

// The CMS admin: a bundle of its own, referenced by /admin/ alone.
const adminBundle = path.join(publicDir, "admin", "cms.js");
if (fs.existsSync(adminBundle)) {
  const size = new SizeCache().of(adminBundle);
  const leaking = pages.filter(
    (p) => !p.route.startsWith("/admin/") && p.js.files.some((f) => f.path.startsWith("/admin/")),
  );
  console.log(
    `\nCMS admin bundle: /admin/cms.js, ${kib(size?.brotli ?? 0)} KiB br; ` +
      (leaking.length
        ? `IN THE FIRST LOAD of: ${leaking.map((p) => p.route).join(", ")}`
        : `in none of the ${pages.length} site page(s) measured`),
  );
}

const over = pages.filter((p) => flagsFor(p).length > 0);
console.log(
  `\n${pages.length} page(s) measured; ${over.length} over budget${over.length ? `: ${over.map((p) => p.route).join(", ")}` : ""}`,
);
if (build) {
  const m = build.memory;
  const mem =
    m && m.samples > 0
      ? `peak memory ${gib(m.peakRss)} GiB RSS summed over the process tree` +
        (m.peakPss !== null ? ` (${gib(m.peakPss)} GiB PSS, shared pages split)` : "") +
        `, up to ${m.peakProcesses} processes, ${m.samples} samples every 200 ms`
      : "peak memory not sampled (no /proc?)";
  console.log(
    `build: ${build.ok ? "ok" : "FAILED"} in ${build.seconds.toFixed(1)} s wall (${build.warm ? "warm .cache" : "cold"}); ${mem}`,
  );
} else {
  console.log("build: not run (--no-build); measured the existing public/");
}

const jsonOut = option("json");
if (jsonOut) {
  fs.writeFileSync(jsonOut, `${JSON.stringify({ build, pages }, null, 2)}\n`);
  console.log(`bench: wrote ${jsonOut}`);
}
process.exit(0);
