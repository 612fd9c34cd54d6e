// The Lighthouse benchmark's pure parts: which routes it measures, the figures it keeps from a report, medians.
import fs from "node:fs";
import path from "node:path";

import { middle } from "./inp.mjs";
import { chunkName } from "./latechunks.mjs";

/** The issue's targets, for the table's last column (a benchmark prints them; no test asserts them). */
export const TARGETS = { perf: 98, lcpMs: 1000, tbtMs: 80, cls: 0, jsBytes: 100 * 1024 };

/**
 * The visitors the benchmark can be: `country` is what /api/get-country answers (null: unknown, so the EU rule
 * and the banner apply).
 */
export const PROFILES = {
  default: {
    country: null,
    description: "country unknown: the consent banner shows, nothing tracks",
  },
  consented: {
    country: "US",
    description:
      "a US visitor, consent not needed: identification and analytics start, against the fakes",
  },
};

/**
 * The targets per profile. The consented visitor downloads and runs both SDKs: its budget is the page's speed
 * (TBT up to 100 ms); what it fetches is reported, not budgeted.
 */
export function targetsFor(profile) {
  return profile === "consented" ? { ...TARGETS, tbtMs: 100, jsBytes: Infinity } : TARGETS;
}

/**
 * One route's scripts fetched after the first paint, over its runs: each chunk once, with its brotli size, the
 * reason it loaded (the first run's), in how many runs it came and the median delay after the paint; then the
 * median total per run.
 */
export function lateChunkTable(route, samples) {
  const byPath = new Map();
  for (const sample of samples)
    for (const late of sample.late ?? []) {
      const entry = byPath.get(late.path) ?? { ...late, runs: 0, delays: [] };
      entry.runs += 1;
      entry.delays.push(late.afterPaintMs);
      byPath.set(late.path, entry);
    }
  const totals = samples.map((s) => (s.late ?? []).reduce((sum, l) => sum + (l.brotli ?? 0), 0));
  const lines = [`  ${route}`];
  for (const entry of [...byPath.values()].sort((a, b) => middle(a.delays) - middle(b.delays))) {
    const kib = entry.brotli === null ? "    ?" : (entry.brotli / 1024).toFixed(1).padStart(5);
    lines.push(
      `    ${kib} KiB  +${String(middle(entry.delays)).padStart(5)} ms  ${entry.runs}/${samples.length}  ` +
        `${chunkName(entry.path)}: ${entry.reason}`,
    );
  }
  if (byPath.size === 0) lines.push("    none");
  else
    lines.push(
      `    ${(middle(totals) / 1024).toFixed(1).padStart(5)} KiB after the first paint (median per run)`,
    );
  return lines.join("\n");
}

/**
 * The routes the benchmark measures: the home page, pricing, the demo, the two product pages, an industry
 * page, the GitHub page and the newest blog post that the build holds. The product's page is named after the
 * product (`/products/<slug>-pro/`), found in public/ rather than assumed.
 */
export function keyRoutes(publicDir) {
  const exists = (route) => fs.existsSync(path.join(publicDir, route, "index.html"));
  const products = path.join(publicDir, "products");
  const pro = fs.existsSync(products)
    ? fs
        .readdirSync(products)
        .filter((name) => name.endsWith("-pro"))
        .sort()
        .map((name) => `/products/${name}/`)
    : [];
  const blogDir = path.join(publicDir, "blog");
  const posts = fs.existsSync(blogDir)
    ? fs
        .readdirSync(blogDir, { withFileTypes: true })
        .filter(
          (e) =>
            e.isDirectory() &&
            // Listings, not posts: /blog/2/ (a page of the list), tags, authors.
            !/^\d+$/.test(e.name) &&
            !["page", "tag", "tags", "author", "authors", "category"].includes(e.name) &&
            fs.existsSync(path.join(blogDir, e.name, "index.html")),
        )
        .map((e) => `/blog/${e.name}/`)
        .sort()
    : [];
  const wanted = [
    "/",
    "/pricing/",
    "/demo/",
    ...pro.slice(0, 1),
    "/products/bot-detection/",
    "/e-commerce/",
    "/github/",
    ...posts.slice(0, 1),
  ];
  return wanted.filter(exists);
}

/** The figures kept from one Lighthouse result (lhr). */
export function summarise(lhr) {
  const audit = (id) => lhr.audits[id];
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const scripts = (audit("resource-summary")?.details?.items ?? []).find(
    (item) => item.resourceType === "script",
  );
  // A list of two tables: the element, then the phases of its LCP (TTFB, load delay, load time, render delay).
  const [element, phaseTable] = audit("largest-contentful-paint-element")?.details?.items ?? [];
  const node = element?.items?.[0]?.node;
  const phases = phaseTable?.items;
  return {
    version: lhr.lighthouseVersion,
    perf: score("performance"),
    a11y: score("accessibility"),
    bp: score("best-practices"),
    seo: score("seo"),
    lcp: audit("largest-contentful-paint")?.numericValue ?? NaN,
    fcp: audit("first-contentful-paint")?.numericValue ?? NaN,
    tbt: audit("total-blocking-time")?.numericValue ?? NaN,
    cls: audit("cumulative-layout-shift")?.numericValue ?? NaN,
    jsBytes: scripts?.transferSize ?? 0,
    lcpElement: node?.selector ?? node?.snippet ?? "?",
    lcpPhases: Array.isArray(phases)
      ? phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(", ")
      : null,
    failing: failingAudits(lhr, ["accessibility", "best-practices", "seo"]),
  };
}

/**
 * The tasks that make a run's TBT, as Lighthouse simulated them (its long-tasks audit, on the same 4x timeline as
 * the metrics): those over 50 ms between the first contentful paint and Time to Interactive, with the part of
 * each that blocks. TTI is the start of the first quiet window after the paint, so one long task late in the
 * load moves it out, and every task before it counts: a late task costs more than its own blocking time.
 * { tti, tasks: [{ at, ms, blocking, url }] } in ms; url is the path of the script or page Lighthouse put the task
 * on (without `origin`), or "Unattributable".
 */
export function blockingTasks(lhr, origin = "") {
  const metrics = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const fcp = metrics.firstContentfulPaint ?? 0;
  const tti = metrics.interactive ?? Infinity;
  const tasks = (lhr.audits["long-tasks"]?.details?.items ?? [])
    .filter((t) => t.duration > 50 && t.startTime + t.duration > fcp && t.startTime < tti)
    .map((t) => ({
      at: Math.round(t.startTime),
      ms: Math.round(t.duration),
      // Lighthouse clips each task to [FCP, TTI] and counts what is left over 50 ms.
      blocking: Math.max(
        0,
        Math.round(Math.min(t.startTime + t.duration, tti) - Math.max(t.startTime, fcp) - 50),
      ),
      url: origin && String(t.url).startsWith(origin) ? t.url.slice(origin.length) : t.url,
    }))
    .sort((a, b) => a.at - b.at);
  return { tti: Math.round(tti), tasks };
}

/** `category: audit` for each scored audit of these categories that did not pass (what keeps them under 100). */
export function failingAudits(lhr, categories) {
  return categories.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        // The first thing the audit names (a console message's URL, an element), when it names one.
        const [first] = lhr.audits[ref.id]?.details?.items ?? [];
        const what = first?.source?.url ?? first?.url ?? first?.node?.selector;
        return `${category}: ${ref.id}${what ? ` (${what})` : ""}`;
      }),
  );
}

/**
 * The brotli size of every same-origin script a Lighthouse run fetched (`brotliOf(pathname)`: its size in the
 * build, null when not in it): what the JS budget counts. Lighthouse's own transfer size adds each response's
 * headers (over 1 KiB per script here, the security headers included, which HTTP/2 would compress away).
 */
export function scriptBrotliBytes(lhr, origin, brotliOf) {
  let total = 0;
  for (const item of lhr.audits["network-requests"]?.details?.items ?? []) {
    if (item.resourceType !== "Script") continue;
    let url;
    try {
      url = new URL(item.url);
    } catch {
      continue;
    }
    if (url.origin === origin) total += brotliOf(url.pathname) ?? item.transferSize ?? 0;
  }
  return total;
}

/** Per-metric median of several runs' figures (each metric on its own, as the table reports them). */
export function median(samples) {
  const keys = ["perf", "a11y", "bp", "seo", "lcp", "fcp", "tbt", "cls", "jsBytes", "jsBrotli"];
  return Object.fromEntries(keys.map((key) => [key, middle(samples.map((s) => s[key]))]));
}
