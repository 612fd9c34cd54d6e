// Finds internal links and assets in a built site that point at nothing: every href, src and srcset in the HTML, every url() in the CSS.
import fs from "node:fs";
import path from "node:path";

/** Attributes whose values are URLs the browser follows or fetches. */
const URL_ATTRIBUTE = /\s(href|src|poster|data-src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const SRCSET_ATTRIBUTE = /\s(?:srcset|data-srcset|imagesrcset)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
/** The scripts the site's bundle loader inserts after the first paint (src/gatsby/scriptsAfterPaint.ts). */
const BUNDLES_ATTRIBUTE = /\sdata-bundles\s*=\s*"([^"]*)"/gi;
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi;
/** Tags whose href is not a link (preconnect hints name origins, canonical/alternate name the live site). */
const SKIPPED_TAGS = /<link\b[^>]*\brel="(?:preconnect|dns-prefetch|canonical|alternate)"[^>]*>/gi;

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

/** URLs an HTML document references. */
export function htmlReferences(html) {
  const text = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (tag) => tag.slice(0, tag.indexOf(">") + 1))
    .replace(SKIPPED_TAGS, "");
  const urls = [];
  for (const m of text.matchAll(URL_ATTRIBUTE)) urls.push(m[2] ?? m[3] ?? "");
  for (const m of text.matchAll(SRCSET_ATTRIBUTE)) {
    for (const candidate of (m[1] ?? m[2] ?? "").split(",")) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) urls.push(url);
    }
  }
  for (const m of text.matchAll(BUNDLES_ATTRIBUTE))
    urls.push(...(m[1] ?? "").split(/\s+/).filter(Boolean));
  for (const m of text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
    urls.push(...cssReferences(m[1] ?? ""));
  return urls.map((url) => url.replace(/&amp;/g, "&"));
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
 * Every broken internal reference in publicDir as { from, url }. `ignore` lists path prefixes served
 * by something other than files (the functions).
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
      if (ignore.some((prefix) => target.pathname.startsWith(prefix))) continue;
      checked += 1;
      if (!resolves(root, target.pathname)) broken.push({ from, url });
    }
  }
  return { checked, broken };
}
