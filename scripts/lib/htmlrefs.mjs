// What an HTML document references before any script runs: a small tag scanner, attribute decoding, URL resolution.

const TAG_RE =
  /<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Elements whose content is not markup. noscript and template content is never fetched by a browser
 * with scripting on, so it is skipped as text as well. */
const RAW_TEXT = new Set(["script", "style", "noscript", "template", "textarea", "title"]);

const ENTITIES = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" };

/** Decodes the character references that occur in attribute values. */
export function decodeEntities(value) {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Parses the attribute part of a start tag into a lower-cased name → value object (boolean attrs → ""). */
export function parseAttributes(text) {
  const attrs = {};
  ATTR_RE.lastIndex = 0;
  let m;
  while ((m = ATTR_RE.exec(text)) !== null) {
    const name = m[1].toLowerCase();
    if (name in attrs) continue; // the first occurrence wins, as in browsers
    attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/**
 * Lists the start tags of an HTML document in order, as { tag, attrs, text } where `text` is the raw
 * content of script/style/noscript/template/textarea/title. Comments, doctype and end tags are skipped.
 */
export function scanHtml(html) {
  const elements = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const next = html[lt + 1];
    if (next === "!" || next === "?" || next === "/") {
      const end = html.indexOf(">", lt + 1);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    TAG_RE.lastIndex = lt;
    const m = TAG_RE.exec(html);
    if (!m) {
      i = lt + 1;
      continue;
    }
    const tag = m[1].toLowerCase();
    const element = { tag, attrs: parseAttributes(m[2]) };
    i = TAG_RE.lastIndex;
    if (RAW_TEXT.has(tag) && !m[0].endsWith("/>")) {
      const close = new RegExp(`</${tag}\\s*>`, "ig");
      close.lastIndex = i;
      const c = close.exec(html);
      const end = c ? c.index : html.length;
      element.text = html.slice(i, end);
      i = c ? close.lastIndex : html.length;
    }
    elements.push(element);
  }
  return elements;
}

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

function tokens(value) {
  return (value ?? "").toLowerCase().split(/\s+/).filter(Boolean);
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
  for (const el of scanHtml(html)) {
    const a = el.attrs;
    if (el.tag === "script") {
      if (!isJsType(a.type)) continue;
      if ("src" in a) refs.js.push(a.src);
      else if (el.text) refs.inlineJs.push(el.text);
      // The site's bundle loader (src/gatsby/scriptsAfterPaint.ts) names what it inserts after the first paint.
      if (!("src" in a) && a["data-bundles"])
        refs.js.push(...a["data-bundles"].split(/\s+/).filter(Boolean));
    } else if (el.tag === "style") {
      if (el.text) refs.inlineCss.push(el.text);
    } else if (el.tag === "link" && a.href) {
      const rel = tokens(a.rel);
      const as = (a.as ?? "").toLowerCase();
      if (rel.includes("stylesheet")) refs.css.push(a.href);
      else if (rel.includes("modulepreload")) refs.js.push(a.href);
      else if (rel.includes("preload")) {
        if (as === "script") refs.js.push(a.href);
        else if (as === "style") refs.css.push(a.href);
        else if (as === "image") refs.images.push(a.href);
        else if (as === "font") refs.fonts.push(a.href);
        else if (as === "fetch") refs.data.push(a.href);
      }
    } else if (el.tag === "img" && a.src) {
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
