// What an HTML document references before any script runs, read with the build's one HTML parser, and URL resolution.
// Imports TypeScript: run under tsx (`node --import tsx`), as the benchmarks are.
import { hasToken, parseHtml } from "../../src/data/parseHtml.ts";

/** Elements whose content a browser with scripting on never fetches from. */
const INERT_CONTENT = new Set(["noscript", "template"]);

const JS_TYPES = new Set([
  "",
  "text/javascript",
  "application/javascript",
  "module",
  "text/ecmascript",
]);

function isJsType(type) {
  return JS_TYPES.has((type ?? "").trim().toLowerCase());
}

/**
 * What an HTML document asks for on first load, before any script runs:
 * - js: external scripts (`<script src>` of a JavaScript type; `rel=modulepreload`; `rel=preload as=script`;
 *   the space-separated `data-bundles` of an inline script that inserts them, as the site's bundle loader does)
 * - css: `rel=stylesheet` and `rel=preload as=style`
 * - images: `<img src>` not marked loading=lazy, and `rel=preload as=image`
 * - fonts: `rel=preload as=font`; data: `rel=preload as=fetch`
 * - inlineJs / inlineCss: the text of inline scripts (JavaScript types only) and styles
 * References are kept as written; resolve them with resolveRef().
 */
export function collectReferences(html) {
  const refs = { js: [], css: [], images: [], fonts: [], data: [], inlineJs: [], inlineCss: [] };
  for (const el of parseHtml(html)) {
    if (el.ancestors.some((name) => INERT_CONTENT.has(name))) continue;
    const a = el.attributes;
    if (el.name === "script") {
      if (!isJsType(a.type)) continue;
      if ("src" in a) refs.js.push(a.src);
      else if (el.text) refs.inlineJs.push(el.text);
      // The site's bundle loader (src/gatsby/scriptsAfterPaint.ts) names what it inserts after the first paint.
      if (!("src" in a) && a["data-bundles"])
        refs.js.push(...a["data-bundles"].split(/\s+/).filter(Boolean));
    } else if (el.name === "style") {
      if (el.text) refs.inlineCss.push(el.text);
    } else if (el.name === "link" && a.href) {
      const as = (a.as ?? "").toLowerCase();
      if (hasToken(a.rel, "stylesheet")) refs.css.push(a.href);
      else if (hasToken(a.rel, "modulepreload")) refs.js.push(a.href);
      else if (hasToken(a.rel, "preload")) {
        if (as === "script") refs.js.push(a.href);
        else if (as === "style") refs.css.push(a.href);
        else if (as === "image") refs.images.push(a.href);
        else if (as === "font") refs.fonts.push(a.href);
        else if (as === "fetch") refs.data.push(a.href);
      }
    } else if (el.name === "img" && a.src) {
      if ((a.loading ?? "").toLowerCase() !== "lazy") refs.images.push(a.src);
    }
  }
  return refs;
}

/**
 * Resolves a reference found on `route` against the site's origin.
 * Returns { path } for a file of this site, { external: url } for another origin, or null for
 * references that cost no request (data:, blob:, fragments, empty).
 */
export function resolveRef(ref, route) {
  const value = ref.trim();
  if (!value || /^(data|blob|javascript|about):/i.test(value) || value.startsWith("#")) return null;
  let url;
  try {
    url = new URL(value, `http://site.invalid${route}`);
  } catch {
    return null;
  }
  if (url.origin !== "http://site.invalid") return { external: value };
  let pathname = url.pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // keep the encoded form
  }
  return { path: pathname };
}
