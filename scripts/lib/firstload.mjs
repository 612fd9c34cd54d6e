// What a built page downloads on first load: HTML references, Gatsby's page chunks and data, and their sizes.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { collectReferences, resolveRef } from "./htmlrefs.mjs";
import { readJsonOrNull } from "./jsonfile.mjs";

// The HTML side lives in htmlrefs.mjs; re-exported so the benchmark and its tests keep one entry point.
export { collectReferences, resolveRef } from "./htmlrefs.mjs";

// ── Routes and files ──────────────────────────────────────────────────────────────────────────────

/** Folders of public/ that hold no pages of the site. */
export const NON_PAGE_DIRS = new Set([
  "admin",
  "static",
  "page-data",
  "slice-data",
  "_gatsby",
  "~partytown",
]);

/** The route a built HTML file answers: index.html → "/", a/b/index.html → "/a/b/", 404.html → "/404.html". */
export function routeOfHtmlFile(relPath) {
  const posix = relPath.split(path.sep).join("/").replace(/^\/+/, "");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"index.html".length)}`;
  return `/${posix}`;
}

/** Where Gatsby writes a route's page data: "/" → page-data/index, "/a/" → page-data/a. */
export function pageDataPath(route) {
  const trimmed = route.replace(/^\/+/, "").replace(/\/+$/, "");
  return `/page-data/${trimmed === "" ? "index" : trimmed}/page-data.json`;
}

/** Every HTML page under publicDir, as paths relative to it, sorted by route. */
export function listHtmlPages(publicDir) {
  const found = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(publicDir, rel), { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!rel && NON_PAGE_DIRS.has(entry.name)) continue;
        walk(childRel);
      } else if (entry.isFile() && entry.name.endsWith(".html")) {
        found.push(childRel);
      }
    }
  };
  walk("");
  return found.sort((a, b) => routeOfHtmlFile(a).localeCompare(routeOfHtmlFile(b)));
}

/** Maps a site path to a file in publicDir, refusing anything outside it. */
export function fileForPath(publicDir, sitePath) {
  const root = path.resolve(publicDir);
  let file = path.resolve(root, `.${sitePath}`);
  if (sitePath.endsWith("/")) file = path.join(file, "index.html");
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return file;
}

const BINARY_EXT = new Set([
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".avif",
  ".ico",
  ".woff",
  ".woff2",
  ".ttf",
  ".otf",
  ".mp4",
  ".webm",
  ".mp3",
  ".pdf",
  ".zip",
  ".br",
  ".gz",
]);

/** Whether a server would compress this file: text yes, images/fonts/media (already compressed) no. */
export function isCompressible(file) {
  return !BINARY_EXT.has(path.extname(file).toLowerCase());
}

// ── Sizes ─────────────────────────────────────────────────────────────────────────────────────────

/** Raw, gzip (level 9) and brotli (quality 11) byte counts of a text (never more than raw). */
export function compressedSizes(buffer) {
  const buf = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer);
  if (buf.length === 0) return { raw: 0, gzip: 0, brotli: 0 };
  const gzip = zlib.gzipSync(buf, { level: 9 }).length;
  const brotli = zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  }).length;
  // A server sends a tiny file uncompressed when compression would make it larger.
  return {
    raw: buf.length,
    gzip: Math.min(gzip, buf.length),
    brotli: Math.min(brotli, buf.length),
  };
}

/** Sizes of files, computed once per file. Binary files are sent as they are: all three sizes are raw. */
export class SizeCache {
  #sizes = new Map();

  /** { raw, gzip, brotli } of a file, or null when it does not exist. */
  of(file) {
    if (this.#sizes.has(file)) return this.#sizes.get(file);
    let sizes = null;
    try {
      const buf = fs.readFileSync(file);
      sizes = isCompressible(file)
        ? compressedSizes(buf)
        : { raw: buf.length, gzip: buf.length, brotli: buf.length };
    } catch {
      sizes = null;
    }
    this.#sizes.set(file, sizes);
    return sizes;
  }
}

export function sumSizes(list) {
  return list.reduce(
    (acc, s) => ({ raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, brotli: acc.brotli + s.brotli }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

// ── Gatsby's runtime loads ────────────────────────────────────────────────────────────────────────

/**
 * The files of a named webpack chunk group (a page component or slice), as site paths. Read from
 * webpack.stats.json (namedChunkGroups, which includes the shared chunks the group needs), falling
 * back to chunk-map.json.
 */
export function chunkGroupFiles(publicDir, chunkName, cache = {}) {
  cache.stats ??= readJsonOrNull(path.join(publicDir, "webpack.stats.json")) ?? {};
  cache.chunkMap ??= readJsonOrNull(path.join(publicDir, "chunk-map.json")) ?? {};
  const group = cache.stats.namedChunkGroups?.[chunkName];
  if (group && Array.isArray(group.assets)) {
    return group.assets
      .map((a) => (typeof a === "string" ? a : a.name))
      .filter((name) => /\.(js|css)$/.test(name))
      .map((name) => `/${name}`);
  }
  const mapped = cache.chunkMap[chunkName];
  return Array.isArray(mapped) ? mapped.filter((p) => /\.(js|css)$/.test(p)) : [];
}

/**
 * What Gatsby's runtime fetches for a page right after the HTML, before it can hydrate: the page
 * data, the app data, the static query results the page uses, the slices and the chunks of the page
 * component and of each slice.
 * Returns { chunkNames, chunkFiles, dataFiles } with site paths.
 */
export function gatsbyRuntimeLoads(publicDir, route, cache = {}) {
  const dataFiles = [];
  const chunkNames = [];
  const pageData = pageDataPath(route);
  const page = readJsonOrNull(fileForPath(publicDir, pageData) ?? "");
  if (!page) return { chunkNames, chunkFiles: [], dataFiles };
  dataFiles.push(pageData, "/page-data/app-data.json");
  if (page.componentChunkName) chunkNames.push(page.componentChunkName);
  for (const hash of page.staticQueryHashes ?? []) dataFiles.push(`/page-data/sq/d/${hash}.json`);
  for (const slice of Object.values(page.slicesMap ?? {})) {
    const sliceData = `/slice-data/${slice}.json`;
    dataFiles.push(sliceData);
    const data = readJsonOrNull(fileForPath(publicDir, sliceData) ?? "");
    if (data?.componentChunkName) chunkNames.push(data.componentChunkName);
    for (const hash of data?.staticQueryHashes ?? [])
      dataFiles.push(`/page-data/sq/d/${hash}.json`);
  }
  const chunkFiles = [...new Set(chunkNames.flatMap((n) => chunkGroupFiles(publicDir, n, cache)))];
  return { chunkNames, chunkFiles, dataFiles: [...new Set(dataFiles)] };
}

// ── One page ──────────────────────────────────────────────────────────────────────────────────────

function kindOf(sitePath) {
  const ext = path.extname(sitePath).toLowerCase();
  if (ext === ".js" || ext === ".mjs") return "js";
  if (ext === ".css") return "css";
  return null;
}

/**
 * Measures the first load of one built page.
 * Returns { route, file, html, js, css, pageChunks, data, images, fonts, transfer, external, missing }
 * where each group is { files: [{ path, sizes, via }], inline?, total } and sizes are
 * { raw, gzip, brotli } bytes. `transfer` is the brotli bytes of the HTML (inline code included once)
 * plus every distinct external file: text compressed with brotli, images and fonts as they are.
 */
export function measurePage(publicDir, htmlRelPath, sizes = new SizeCache(), cache = {}) {
  const route = routeOfHtmlFile(htmlRelPath);
  const htmlFile = path.join(publicDir, htmlRelPath);
  const html = fs.readFileSync(htmlFile, "utf8");
  const refs = collectReferences(html);
  const seen = new Set();
  const external = [];
  const missing = [];
  const groups = { js: [], css: [], images: [], fonts: [], data: [] };

  const add = (group, ref, via) => {
    const resolved = resolveRef(ref, route);
    if (!resolved) return;
    if (resolved.external) {
      if (!external.includes(resolved.external)) external.push(resolved.external);
      return;
    }
    if (seen.has(resolved.path)) return;
    seen.add(resolved.path);
    const file = fileForPath(publicDir, resolved.path);
    const s = file ? sizes.of(file) : null;
    if (!s) {
      missing.push(resolved.path);
      return;
    }
    groups[group].push({ path: resolved.path, sizes: s, via });
  };

  for (const r of refs.js) add("js", r, "html");
  for (const r of refs.css) add("css", r, "html");
  const runtime = gatsbyRuntimeLoads(publicDir, route, cache);
  const chunkPaths = new Set(runtime.chunkFiles);
  for (const p of runtime.chunkFiles) add(kindOf(p) ?? "js", p, "page-chunk");
  for (const r of refs.data) add("data", r, "html");
  for (const p of runtime.dataFiles) add("data", p, "gatsby");
  for (const r of refs.images) add("images", r, "html");
  for (const r of refs.fonts) add("fonts", r, "html");

  const htmlSizes = compressedSizes(Buffer.from(html));
  const inlineJs = compressedSizes(Buffer.from(refs.inlineJs.join("\n")));
  const inlineCss = compressedSizes(Buffer.from(refs.inlineCss.join("\n")));
  const group = (list, inline) => {
    const total = sumSizes([...list.map((f) => f.sizes), ...(inline ? [inline] : [])]);
    return inline ? { files: list, inline, total } : { files: list, total };
  };
  // The page's own chunks: the component (and slice) chunk groups, wherever they were referenced.
  const ownChunks = [...groups.js, ...groups.css].filter((f) => chunkPaths.has(f.path));
  const externalFiles = [
    ...groups.js,
    ...groups.css,
    ...groups.data,
    ...groups.images,
    ...groups.fonts,
  ];

  return {
    route,
    file: htmlRelPath,
    html: htmlSizes,
    js: group(groups.js, inlineJs),
    css: group(groups.css, inlineCss),
    pageChunks: { names: runtime.chunkNames, ...group(ownChunks) },
    data: group(groups.data),
    images: group(groups.images),
    fonts: group(groups.fonts),
    transfer: htmlSizes.brotli + externalFiles.reduce((n, f) => n + f.sizes.brotli, 0),
    external,
    missing,
  };
}
