// Internal links and assets of a built site that point at nothing: every href, src and srcset in the HTML, every
// url() in the CSS, read with the build's one HTML parser.
import fs from "node:fs";
import path from "node:path";
import { hasToken, parseHtml } from "../../src/data/parseHtml";

/** Attributes whose values are URLs the browser follows or fetches. */
const URL_ATTRIBUTES = ["href", "src", "poster", "data-src"];
const SRCSET_ATTRIBUTES = ["srcset", "data-srcset", "imagesrcset"];
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi;
/** Link relations whose href is not a link (preconnect hints name origins, canonical/alternate the live site). */
const SKIPPED_RELS = ["preconnect", "dns-prefetch", "canonical", "alternate"];

/** URLs a stylesheet references. */
export function cssReferences(css: string): string[] {
  return [...css.matchAll(CSS_URL)].map((m) => (m[1] ?? m[2] ?? m[3] ?? "").trim());
}

/** URLs an HTML document references (attribute values decoded, as a browser reads them). */
export function htmlReferences(html: string): string[] {
  const urls: string[] = [];
  for (const { name, attributes: a, text } of parseHtml(html)) {
    if (name === "link" && SKIPPED_RELS.some((rel) => hasToken(a.rel, rel))) continue;
    for (const key of URL_ATTRIBUTES) if (a[key] !== undefined) urls.push(a[key]);
    for (const key of SRCSET_ATTRIBUTES)
      for (const candidate of (a[key] ?? "").split(",")) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url) urls.push(url);
      }
    // The scripts the site's bundle loader inserts after the first paint (src/gatsby/scriptsAfterPaint.ts).
    urls.push(...(a["data-bundles"] ?? "").split(/\s+/).filter(Boolean));
    if (name === "style") urls.push(...cssReferences(text));
  }
  return urls;
}

/**
 * Whether a path is under one of the prefixes, a whole path segment at a time: "/risk" covers "/risk" and
 * "/risk/x", not the page "/risk-assessment/"; a prefix ending in "/" covers everything below it.
 */
export function underPrefix(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) =>
    prefix.endsWith("/")
      ? pathname.startsWith(prefix)
      : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** Whether the server answers a site path with a file (a folder with index.html for a path ending in "/"). */
function resolves(root: string, sitePath: string): boolean {
  try {
    const decoded = decodeURIComponent(sitePath);
    const file = path.join(root, decoded);
    if (!file.startsWith(root)) return false;
    const stats = fs.statSync(file);
    if (stats.isFile()) return !decoded.endsWith("/");
    return fs.statSync(path.join(file, "index.html")).isFile();
  } catch {
    return false;
  }
}

/**
 * Every broken internal reference in publicDir. `ignore` lists the paths served by something other than files
 * (the functions), each covering the paths below it (see underPrefix).
 */
export function brokenLinks(publicDir: string, ignore: readonly string[] = []) {
  const root = path.resolve(publicDir);
  const broken: { from: string; url: string }[] = [];
  let checked = 0;
  // Files only: Gatsby names folders like pages (page-data/404.html/).
  const files = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(html|css)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) {
    const content = fs.readFileSync(path.join(root, file), "utf8");
    const from = `/${file.split(path.sep).join("/")}`;
    for (const url of file.endsWith(".html") ? htmlReferences(content) : cssReferences(content)) {
      // Another origin, a scheme (mailto:, data:), a fragment or nothing: not a file of this site.
      if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#|$)/i.test(url)) continue;
      const target = new URL(url, `http://site${from}`);
      if (target.host !== "site" || underPrefix(target.pathname, ignore)) continue;
      checked += 1;
      if (!resolves(root, target.pathname)) broken.push({ from, url });
    }
  }
  return { checked, broken };
}
