// The scale benchmark's figures: what one build's log and output say, and the table against the budgets.
import fs from "node:fs";
import path from "node:path";

const GIB = 1024 ** 3;
const KIB = 1024;
/** The budgets at 5,000 posts on a 2-core machine (docs/performance.md, "Build time at scale"). */
export const BUDGETS = {
  coldSeconds: 300,
  editSeconds: 60,
  peakRssBytes: 4 * GIB,
  postBuildShare: 0.2,
  pageDataBytes: 100 * KIB,
};

/** Gatsby's progress output: cursor movements and colours around the lines. */
// eslint-disable-next-line no-control-regex
const stripAnsi = (text) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");

/** Gatsby's own timed steps ("success <step> - 12.3s") in the order of the log, the last of each name. */
export function gatsbySteps(log) {
  const steps = new Map();
  for (const line of stripAnsi(log).split("\n")) {
    const m = /success (.+?) - ([\d.]+)s/.exec(line);
    if (m) steps.set(m[1].trim(), Number(m[2]));
  }
  return steps;
}

/**
 * The site's own post-build report (src/gatsby/onPostBuild.ts), "site post-build: a 1.0 s, b 2.0 s, total 3.0 s",
 * which Gatsby's reporter may wrap over several lines.
 */
export function sitePostBuild(log) {
  const text = stripAnsi(log);
  const start = text.indexOf("site post-build:");
  if (start < 0) return null;
  const end = text.indexOf(" s", text.indexOf("total", start));
  const line = text.slice(start + "site post-build:".length, end + 2).replace(/\s*\n\s*/g, " ");
  const parts = {};
  for (const m of line.matchAll(/([a-z][a-z -]*?) ([\d.]+) s/g)) parts[m[1].trim()] = Number(m[2]);
  return parts;
}

/** Every file under dir (relative paths), with its size and modification time. */
function files(dir) {
  const out = [];
  for (const name of fs.readdirSync(dir, { recursive: true })) {
    const full = path.join(dir, String(name));
    const stats = fs.statSync(full, { throwIfNoEntry: false });
    if (stats?.isFile()) out.push({ name: String(name), size: stats.size, mtime: stats.mtimeMs });
  }
  return out;
}

/** What one build of the copy at `dir` produced; `since` tells the pages it wrote apart. */
export function buildFigures(run, dir, since) {
  const publicDir = path.join(dir, "public");
  const all = fs.existsSync(publicDir) ? files(publicDir) : [];
  const pages = all.filter((f) => f.name.endsWith(".html") && !f.name.startsWith("_gatsby"));
  const pageData = all.filter((f) => f.name.endsWith("page-data.json"));
  const largest = pageData.reduce((max, f) => (f.size > (max?.size ?? -1) ? f : max), null);
  const blogPages = pages.filter((f) =>
    /^blog\/\d+\/index\.html$/.test(f.name.split(path.sep).join("/")),
  );
  const steps = gatsbySteps(run.log);
  return {
    label: run.label,
    ok: run.ok,
    seconds: run.seconds,
    peakRssBytes: run.memory?.peakRss ?? null,
    peakPssBytes: run.memory?.peakPss ?? null,
    peakProcesses: run.memory?.peakProcesses ?? null,
    atPeakRss: run.memory?.atPeakRss
      ? {
          seconds: run.memory.atPeakRss.ms / 1000,
          processes: run.memory.atPeakRss.members.map((m) => ({
            name: m.comm,
            rssBytes: m.rss,
            pssBytes: m.pss,
          })),
        }
      : null,
    loadBefore: run.loadBefore,
    loadAfter: run.loadAfter,
    pages: pages.length,
    pagesWritten: pages.filter((f) => f.mtime >= since).length,
    blogListPages: blogPages.length + 1,
    largestPageData: largest ? { file: largest.name, bytes: largest.size } : null,
    pageDataOverBudget: pageData.filter((f) => f.size > BUDGETS.pageDataBytes).length,
    sitePostBuild: sitePostBuild(run.log),
    gatsby: Object.fromEntries(steps),
  };
}

const s = (n) => (n === null || n === undefined ? "?" : `${n.toFixed(1)} s`);
const verdict = (ok) => (ok ? "ok" : "OVER");

/** The figures as a table, with the budgets that apply at 5,000 posts. */
export function printScaleReport({ posts, runs }) {
  console.log(`\nbench:scale: ${posts} posts added`);
  for (const r of runs) {
    const own = r.sitePostBuild?.total ?? null;
    const share = own !== null ? own / r.seconds : null;
    const rss = r.peakRssBytes === null ? "?" : `${(r.peakRssBytes / GIB).toFixed(2)} GiB`;
    console.log(
      `\n${r.label === "cold" ? "cold build" : "rebuild after one edit"}: ${r.ok ? "ok" : "FAILED"} in ${s(r.seconds)}` +
        ` (load before ${r.loadBefore}, after ${r.loadAfter})`,
    );
    console.log(
      `  site's own post-build: ${s(own)}${share !== null ? ` (${(share * 100).toFixed(0)} % of the build)` : ""}`,
    );
    if (r.sitePostBuild) {
      const parts = Object.entries(r.sitePostBuild).filter(([k]) => k !== "total");
      console.log(`    ${parts.map(([k, v]) => `${k} ${v.toFixed(1)} s`).join(", ")}`);
    }
    const pss = r.peakPssBytes ? `, ${(r.peakPssBytes / GIB).toFixed(2)} GiB PSS` : "";
    console.log(`  peak memory: ${rss} RSS${pss} over up to ${r.peakProcesses ?? "?"} processes`);
    if (r.atPeakRss) {
      const held = r.atPeakRss.processes
        .map((p) => `${p.name} ${(p.rssBytes / GIB).toFixed(2)}`)
        .join(", ");
      console.log(`    RSS peak ${s(r.atPeakRss.seconds)} into the build: ${held} GiB`);
    }
    console.log(
      `  pages: ${r.pages} (${r.pagesWritten} written by this build), blog index pages: ${r.blogListPages}` +
        (r.editReachedPage === undefined
          ? ""
          : `; the edit ${r.editReachedPage ? "reached" : "DID NOT REACH"} its page`),
    );
    if (r.largestPageData) {
      console.log(
        `  largest page-data: ${(r.largestPageData.bytes / KIB).toFixed(1)} KiB (${r.largestPageData.file}); over 100 KiB: ${r.pageDataOverBudget}`,
      );
    }
    const g = r.gatsby;
    const pick = [
      "source and transform nodes",
      "createPages",
      "extract queries from components",
      "Building production JavaScript and CSS bundles",
      "Building HTML renderer",
      "run queries in workers",
      "Building static HTML for pages",
      "onPostBuild",
    ];
    console.log(
      `  gatsby: ${pick
        .filter((k) => k in g)
        .map((k) => `${k} ${g[k].toFixed(1)} s`)
        .join("; ")}`,
    );
    if (posts >= 5000) {
      const budget = r.label === "cold" ? BUDGETS.coldSeconds : BUDGETS.editSeconds;
      console.log(
        `  budgets at 5,000 posts: time ${verdict(r.seconds <= budget)} (≤ ${budget} s), memory ${verdict((r.peakRssBytes ?? Infinity) <= BUDGETS.peakRssBytes)} (≤ 4 GiB)` +
          (r.label === "cold"
            ? `, own post-build ${verdict((share ?? 1) <= BUDGETS.postBuildShare)} (≤ 20 %)`
            : "") +
          `, page data ${verdict(r.pageDataOverBudget === 0)} (none over 100 KiB)`,
      );
    }
  }
}
