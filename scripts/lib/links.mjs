// Finds internal links and assets in a built site that point at nothing: every href, src and srcset in the HTML, every url() in the CSS.
// Imports TypeScript (the build's one HTML parser): run under tsx (`node --import tsx`), as package.json and npm test do.
import fs from "node:fs";
import path from "node:path";
import { hasToken, parseHtml } from "../../src/data/parseHtml.ts";

/** Attributes whose values are URLs the browser follows or fetches. */
const URL_ATTRIBUTES = ["href", "src", "poster", "data-src"];
const SRCSET_ATTRIBUTES = ["srcset", "data-srcset", "imagesrcset"];
/** The scripts the site's bundle loader inserts after the first paint (src/gatsby/scriptsAfterPaint.ts). */
const BUNDLES_ATTRIBUTE = "data-bundles";
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi;
/** Link relations whose href is not a link (preconnect hints name origins, canonical/alternate the live site). */
const SKIPPED_RELS = ["preconnect", "dns-prefetch", "canonical", "alternate"];

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Whether a URL leaves the site or names no resource at all. */
function isExternal(url) {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url) || url === "" || url.startsWith("#");
}

/** URLs an HTML document references (attribute values decoded, as a browser reads them). */
export function htmlReferences(html) {
  const urls = [];
  for (const el of parseHtml(html)) {
    const a = el.attributes;
    if (el.name === "link" && SKIPPED_RELS.some((rel) => hasToken(a.rel, rel))) continue;
    for (const name of URL_ATTRIBUTES) if (name in a) urls.push(a[name]);
    for (const name of SRCSET_ATTRIBUTES) {
      for (const candidate of (a[name] ?? "").split(",")) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url) urls.push(url);
      }
    }
    if (a[BUNDLES_ATTRIBUTE]) urls.push(...a[BUNDLES_ATTRIBUTE].split(/\s+/).filter(Boolean));
    if (el.name === "style") urls.push(...cssReferences(el.text));
  }
  return urls;
}

/** URLs a stylesheet references. */
export function cssReferences(css) {
  return [...css.matchAll(CSS_URL)].map((m) => (m[1] ?? m[2] ?? m[3] ?? "").trim());
}

/** The file a site path is served from, following the server's rules (folder → index.html). */
function resolves(publicDir, sitePath) {
  let decoded;
  try {
    decoded = decodeURIComponent(sitePath);
  } catch {
    return false;
  }
  const file = path.join(publicDir, decoded);
  if (!file.startsWith(publicDir)) return false;
  try {
    const stats = fs.statSync(file);
    if (stats.isFile()) return !decoded.endsWith("/");
    return stats.isDirectory() && fs.statSync(path.join(file, "index.html")).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether a path is under one of the prefixes, a whole path segment at a time: "/risk" covers "/risk" and
 * "/risk/x", not the page "/risk-assessment/"; a prefix ending in "/" covers everything below it.
 */
export function underPrefix(pathname, prefixes) {
  return prefixes.some((prefix) =>
    prefix.endsWith("/")
      ? pathname.startsWith(prefix)
      : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * Every broken internal reference in publicDir as { from, url }. `ignore` lists the paths served by
 * something other than files (the functions), each covering the paths below it (see underPrefix).
 */
export function brokenLinks(publicDir, { ignore = [] } = {}) {
  const root = path.resolve(publicDir);
  const broken = [];
  let checked = 0;
  for (const file of walk(root)) {
    const isHtml = file.endsWith(".html");
    if (!isHtml && !file.endsWith(".css")) continue;
    const content = fs.readFileSync(file, "utf8");
    const from = `/${path.relative(root, file).split(path.sep).join("/")}`;
    const refs = isHtml ? htmlReferences(content) : cssReferences(content);
    for (const url of refs) {
      if (isExternal(url)) continue;
      const target = new URL(url, `http://site${from}`);
      if (target.host !== "site") continue;
      if (underPrefix(target.pathname, ignore)) continue;
      checked += 1;
      if (!resolves(root, target.pathname)) broken.push({ from, url });
    }
  }
  return { checked, broken };
}
