// The Lighthouse benchmark's pure parts: which routes it measures, the figures it keeps from a report, medians.
import fs from "node:fs";
import path from "node:path";

/** The issue's targets, for the table's last column (a benchmark prints them; no test asserts them). */
export const TARGETS = { perf: 98, lcpMs: 1000, tbtMs: 80, cls: 0 };

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

const middle = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Per-metric median of several runs' figures (each metric on its own, as the table reports them). */
export function median(samples) {
  const keys = ["perf", "a11y", "bp", "seo", "lcp", "fcp", "tbt", "cls", "jsBytes"];
  return Object.fromEntries(keys.map((key) => [key, middle(samples.map((s) => s[key]))]));
}
