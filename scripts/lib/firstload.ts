// What a built page downloads on first load: its HTML's references, Gatsby's page chunks and data, and their sizes.
// Our own reader rather than size-limit: size-limit measures the files it is given, and cannot know which chunks a
// page loads (that takes the page's HTML, its page-data and webpack's chunk groups, read here).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { hasToken, parseHtml } from "../../src/data/parseHtml";

export type Sizes = { raw: number; gzip: number; brotli: number };
export type References = Record<
  "js" | "css" | "images" | "fonts" | "data" | "inlineJs" | "inlineCss",
  string[]
>;
export type PageLoad = {
  route: string;
  /** Site paths of the JavaScript files the page loads before it can hydrate. */
  jsFiles: string[];
  js: Sizes;
  css: Sizes;
  /** Brotli bytes of the HTML, every distinct file it loads (text compressed, images and fonts as stored). */
  transfer: number;
  missing: string[];
  external: string[];
};

const JS_TYPES = new Set([
  "",
  "text/javascript",
  "application/javascript",
  "module",
  "text/ecmascript",
]);
/** Files a server sends as they are (already compressed). */
const STORED = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|mp4|webm|mp3|pdf|zip|br|gz)$/i;
/** Folders of public/ that hold no pages of the site. */
const NON_PAGE_DIRS = new Set([
  "admin",
  "static",
  "page-data",
  "slice-data",
  "_gatsby",
  "~partytown",
]);

/**
 * What an HTML document asks for before any script runs: `<script src>` of a JavaScript type, modulepreload and
 * preload as=script, and the `data-bundles` of the site's bundle loader (src/gatsby/scriptsAfterPaint.ts);
 * stylesheets and preload as=style; eager images; preloaded fonts and data; the text of inline scripts and styles.
 * Nothing inside noscript or template. References are kept as written (see resolveRef).
 */
export function collectReferences(html: string): References {
  const refs: References = {
    js: [],
    css: [],
    images: [],
    fonts: [],
    data: [],
    inlineJs: [],
    inlineCss: [],
  };
  for (const { name, attributes: a, text, ancestors } of parseHtml(html)) {
    if (ancestors.includes("noscript") || ancestors.includes("template")) continue;
    if (name === "script" && JS_TYPES.has((a.type ?? "").trim().toLowerCase())) {
      if (a.src !== undefined) refs.js.push(a.src);
      else {
        if (text) refs.inlineJs.push(text);
        refs.js.push(...(a["data-bundles"] ?? "").split(/\s+/).filter(Boolean));
      }
    } else if (name === "style" && text) refs.inlineCss.push(text);
    else if (name === "link" && a.href) {
      const as = (a.as ?? "").toLowerCase();
      if (hasToken(a.rel, "stylesheet")) refs.css.push(a.href);
      else if (hasToken(a.rel, "modulepreload")) refs.js.push(a.href);
      else if (hasToken(a.rel, "preload")) {
        const kind = (
          { script: "js", style: "css", image: "images", font: "fonts", fetch: "data" } as const
        )[as as "script"];
        if (kind) refs[kind].push(a.href);
      }
    } else if (name === "img" && a.src && (a.loading ?? "").toLowerCase() !== "lazy")
      refs.images.push(a.src);
  }
  return refs;
}

/** A reference found on `route`: { path } on this site, { external } elsewhere, null when it costs no request. */
export function resolveRef(
  ref: string,
  route: string,
): { path: string } | { external: string } | null {
  const value = ref.trim();
  if (!value || value.startsWith("#") || /^(data|blob|javascript|about):/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, `http://site.invalid${route}`);
  } catch {
    return null;
  }
  if (url.origin !== "http://site.invalid") return { external: value };
  try {
    return { path: decodeURIComponent(url.pathname) };
  } catch {
    return { path: url.pathname };
  }
}

/** The route of a built HTML file: index.html → "/", a/index.html → "/a/", 404.html → "/404.html". */
export const routeOfHtmlFile = (file: string) =>
  `/${file.split(path.sep).join("/")}`.replace(/(^|\/)index\.html$/, "$1");

/** Every page of the site under publicDir (relative paths), sorted by route. */
export function listHtmlPages(publicDir: string): string[] {
  return fs
    .readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !NON_PAGE_DIRS.has(file.split(path.sep)[0] ?? ""))
    .sort((a, b) => routeOfHtmlFile(a).localeCompare(routeOfHtmlFile(b)));
}

/** Raw, gzip (level 9) and brotli (quality 11) bytes, never more than raw (a server sends such a file as it is). */
export function compressedSizes(data: Buffer | string): Sizes {
  const buf = Buffer.from(data);
  if (buf.length === 0) return { raw: 0, gzip: 0, brotli: 0 };
  const gzip = zlib.gzipSync(buf, { level: 9 }).length;
  const brotli = zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  }).length;
  return {
    raw: buf.length,
    gzip: Math.min(gzip, buf.length),
    brotli: Math.min(brotli, buf.length),
  };
}

const sizeCache = new Map<string, Sizes | null>();
/** The sizes of a file of the build (computed once), or null when it does not exist. */
export function fileSizes(file: string): Sizes | null {
  if (!sizeCache.has(file)) {
    let sizes: Sizes | null = null;
    try {
      const buf = fs.readFileSync(file);
      sizes = STORED.test(file)
        ? { raw: buf.length, gzip: buf.length, brotli: buf.length }
        : compressedSizes(buf);
    } catch {
      // missing
    }
    sizeCache.set(file, sizes);
  }
  return sizeCache.get(file) ?? null;
}

const readJson = (file: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
};
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * What Gatsby's runtime fetches for a page before it hydrates: the page data, app data and static query results,
 * the slices' data, and the chunk groups (webpack.stats.json) of the page component and of each slice.
 */
export function gatsbyRuntimeLoads(publicDir: string, route: string) {
  const trimmed = route.replace(/^\/+|\/+$/g, "");
  const pageData = `/page-data/${trimmed === "" ? "index" : trimmed}/page-data.json`;
  const page = readJson(path.join(publicDir, pageData));
  if (!page) return { chunkFiles: [], dataFiles: [] };
  const groups = (readJson(path.join(publicDir, "webpack.stats.json"))?.namedChunkGroups ??
    {}) as Record<string, { assets?: (string | { name: string })[] }>;
  const dataFiles = [pageData, "/page-data/app-data.json"];
  const chunkNames: string[] = [];
  const addQueries = (data: Record<string, unknown> | null) => {
    if (typeof data?.componentChunkName === "string") chunkNames.push(data.componentChunkName);
    for (const hash of list(data?.staticQueryHashes))
      dataFiles.push(`/page-data/sq/d/${hash}.json`);
  };
  addQueries(page);
  for (const slice of Object.values((page.slicesMap ?? {}) as Record<string, string>)) {
    dataFiles.push(`/slice-data/${slice}.json`);
    addQueries(readJson(path.join(publicDir, "slice-data", `${slice}.json`)));
  }
  const chunkFiles = chunkNames.flatMap((name) =>
    (groups[name]?.assets ?? [])
      .map((asset) => `/${typeof asset === "string" ? asset : asset.name}`)
      .filter((file) => /\.(js|css)$/.test(file)),
  );
  return { chunkFiles: [...new Set(chunkFiles)], dataFiles: [...new Set(dataFiles)] };
}

/** The JavaScript files the built page at `file` loads first (its tags, the loader's and Gatsby's runtime's). */
export function firstLoadScripts(
  publicDir: string,
  file: string,
): { route: string; jsFiles: string[] } {
  const route = routeOfHtmlFile(file);
  const refs = collectReferences(fs.readFileSync(path.join(publicDir, file), "utf8"));
  const paths = [...refs.js, ...gatsbyRuntimeLoads(publicDir, route).chunkFiles].flatMap((ref) => {
    const resolved = resolveRef(ref, route);
    return resolved && "path" in resolved && /\.m?js$/.test(resolved.path) ? [resolved.path] : [];
  });
  return { route, jsFiles: [...new Set(paths)] };
}

/** The first load of the built page at `file` (relative to publicDir), each file counted once. */
export function measurePage(publicDir: string, file: string): PageLoad {
  const route = routeOfHtmlFile(file);
  const html = fs.readFileSync(path.join(publicDir, file), "utf8");
  const refs = collectReferences(html);
  const runtime = gatsbyRuntimeLoads(publicDir, route);
  const seen = new Map<string, Sizes>();
  const missing: string[] = [];
  const external = new Set<string>();
  const add = (ref: string) => {
    const resolved = resolveRef(ref, route);
    if (resolved === null) return;
    if ("external" in resolved) external.add(resolved.external);
    else if (!seen.has(resolved.path)) {
      const sizes = fileSizes(path.join(publicDir, resolved.path));
      if (sizes) seen.set(resolved.path, sizes);
      else missing.push(resolved.path);
    }
  };
  [refs.js, refs.css, runtime.chunkFiles, refs.data, runtime.dataFiles, refs.images, refs.fonts]
    .flat()
    .forEach(add);
  const total = (files: string[], inline: string[]): Sizes =>
    [...files.map((f) => seen.get(f)!), compressedSizes(inline.join("\n"))].reduce((sum, s) => ({
      raw: sum.raw + s.raw,
      gzip: sum.gzip + s.gzip,
      brotli: sum.brotli + s.brotli,
    }));
  const files = [...seen.keys()];
  const jsFiles = files.filter((f) => /\.m?js$/.test(f));
  return {
    route,
    jsFiles,
    js: total(jsFiles, refs.inlineJs),
    css: total(
      files.filter((f) => f.endsWith(".css")),
      refs.inlineCss,
    ),
    // Inline code travels inside the HTML: counted in JS and CSS, and once here with the document.
    transfer: compressedSizes(html).brotli + [...seen.values()].reduce((n, s) => n + s.brotli, 0),
    missing,
    external: [...external],
  };
}
