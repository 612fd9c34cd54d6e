// `npm run bench`: build time and peak memory, then first-load JS/CSS/transfer of every built page against the budgets.
// A measurement, not a test: it always exits 0.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import process from "node:process";
import {
  SizeCache,
  isCompressible,
  listHtmlPages,
  measurePage,
  fileForPath,
} from "./lib/firstload.mjs";
import { startSampler } from "./lib/proctree.mjs";
import { observeConsent, sdkChunks } from "./lib/sdkchunks.mjs";
import { CHROMIUM_ARGS } from "./lib/observe.mjs";
import { localBin, run } from "./lib/proc.mjs";
import { REPO_ROOT, baseEnv, chromiumPath, gatsbyBuild } from "./lib/setup.mjs";

const KIB = 1024;
const JS_BUDGET_KIB = 100; // issue 2: first-load JS ≤ 100 KiB brotli on every page
const HOME_TRANSFER_BUDGET_KIB = 256;

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

const kib = (bytes) => (bytes / KIB).toFixed(1);
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
    env: baseEnv({
      GATSBY_FPJS_PUBLIC_API_KEY: process.env.GATSBY_FPJS_PUBLIC_API_KEY || "benchPublicKey01",
      GATSBY_AMPLITUDE_API_KEY:
        process.env.GATSBY_AMPLITUDE_API_KEY || "0123456789abcdef0123456789abcdef",
    }),
    stdio: ["ignore", fd, fd],
    onSpawn: (child) => {
      sampler = startSampler(child.pid, 200);
    },
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

// ── Report ────────────────────────────────────────────────────────────────────────────────────────

const HEADER = `
First load of every built page. KiB = 1024 bytes. Sizes are computed from the files in public/:
text is compressed here with brotli (quality 11) and gzip (level 9), never counted above its raw size;
images and fonts are counted as stored (servers do not recompress them).

  JS       <script src> of a JavaScript type, rel=modulepreload and rel=preload as=script in the HTML,
           plus the chunk groups of the page component and its slices, which Gatsby's runtime loads
           before hydrating (from page-data + webpack.stats.json), plus the inline scripts
           (compressed on their own). Each file is counted once per page.
  CSS      rel=stylesheet and rel=preload as=style, plus inline <style> (Gatsby inlines the CSS).
  page     the page's own chunks (component---…) alone; already inside JS/CSS.
  total    brotli of the whole HTML (inline code counted here, once) + the JS and CSS files + Gatsby's
           page-data, app-data and static-query JSON + eager images (<img> without loading=lazy,
           rel=preload as=image) + preloaded fonts. Not counted: fonts pulled in by CSS, favicons,
           the web manifest, dynamic imports; the "seen" columns catch those.
  seen     what Chromium actually fetched from the site (1280×800, fresh profile) between navigation
           and network idle, same size rules (seen JS adds the inline scripts): includes chunks
           imported on mount, fonts, and lazy images close to the fold. Gatsby's link prefetching is turned off (navigator.connection
           .saveData) because it fetches other pages, not this one. "-" when not measured.
Budgets: first-load JS ≤ ${JS_BUDGET_KIB} KiB brotli on every page (JS and seen JS); total transfer of / ≤ ${HOME_TRANSFER_BUDGET_KIB} KiB.
`;

function flagsFor(page) {
  const flags = [];
  if (page.js.total.brotli > JS_BUDGET_KIB * KIB) flags.push("OVER js");
  if (page.seen && page.seen.js > JS_BUDGET_KIB * KIB) flags.push("OVER seen-js");
  if (page.route === "/") {
    const transfer = Math.max(page.transfer, page.seen?.total ?? 0);
    if (transfer > HOME_TRANSFER_BUDGET_KIB * KIB) flags.push("OVER total");
  }
  return flags;
}

function printTable(pages) {
  const routeWidth = Math.max(20, ...pages.map((p) => p.route.length));
  const cols = ["JS br", "JS gz", "CSS br", "CSS gz", "page br", "total br", "seen JS", "seen tot"];
  const head = `${"route".padEnd(routeWidth)} ${cols.map((c) => c.padStart(8)).join(" ")}  budget`;
  console.log(head);
  console.log("─".repeat(head.length + 8));
  for (const p of pages) {
    const cells = [
      p.js.total.brotli,
      p.js.total.gzip,
      p.css.total.brotli,
      p.css.total.gzip,
      p.pageChunks.total.brotli,
      p.transfer,
    ].map((n) => kib(n).padStart(8));
    cells.push(
      (p.seen ? kib(p.seen.js) : "-").padStart(8),
      (p.seen ? kib(p.seen.total) : "-").padStart(8),
    );
    const flags = flagsFor(p);
    console.log(
      `${p.route.padEnd(routeWidth)} ${cells.join(" ")}  ${flags.length ? flags.join(", ") : "ok"}`,
    );
  }
}

function printDetails(page) {
  console.log(
    `\n${page.route}  (${page.file}; chunks: ${page.pageChunks.names.join(", ") || "none"})`,
  );
  const line = (label, s) =>
    console.log(
      `  ${label.padEnd(76)} ${kib(s.raw).padStart(8)} raw ${kib(s.gzip).padStart(7)} gz ${kib(s.brotli).padStart(7)} br`,
    );
  line("HTML", page.html);
  for (const f of page.js.files) line(`js   ${f.path} (${f.via})`, f.sizes);
  line("js   inline", page.js.inline);
  for (const f of page.css.files) line(`css  ${f.path} (${f.via})`, f.sizes);
  line("css  inline", page.css.inline);
  for (const group of ["data", "images", "fonts"]) {
    for (const f of page[group].files) line(`${group.padEnd(4)} ${f.path}`, f.sizes);
  }
  if (page.seen) {
    const extra = page.seen.files.filter(
      (f) =>
        ![
          ...page.js.files,
          ...page.css.files,
          ...page.data.files,
          ...page.images.files,
          ...page.fonts.files,
        ].some((g) => g.path === f.path) && f.path !== page.route,
    );
    for (const f of extra)
      line(`seen ${f.path} (${f.type}${isCompressible(f.path) ? "" : ", as stored"})`, f.sizes);
  }
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
const sdks = fs.existsSync(publicDir) ? sdkChunks(publicDir) : new Map();
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
