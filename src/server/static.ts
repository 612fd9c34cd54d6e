// Serves Gatsby's build output: safe path resolution, content types, caching policy and compression.
import { promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { methodNotAllowed } from "./http";

export type Encoding = "br" | "gzip";

const STATIC_METHODS = ["GET", "HEAD"] as const;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".cjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".rss": "application/rss+xml; charset=utf-8",
  ".yml": "text/yaml; charset=utf-8",
  ".yaml": "text/yaml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mp3": "audio/mpeg",
  ".wasm": "application/wasm",
  ".zip": "application/zip",
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? "application/octet-stream";
}

/** Formats that are already compressed (images, fonts, video) gain nothing from another pass. */
export function isCompressible(contentType: string): boolean {
  const type = contentType.split(";")[0]?.trim() ?? "";
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    type === "application/manifest+json" ||
    type === "application/xml" ||
    type === "application/rss+xml" ||
    type === "image/svg+xml" ||
    type === "image/x-icon" ||
    type === "application/wasm"
  );
}

export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";
export const CACHE_NO_CACHE = "no-cache";

/**
 * Gatsby names bundles `[name]-[contenthash].js` and styles `[name].[contenthash].css` (webpack's
 * 20-hex-digit hash); their source maps and licence files carry the same hash.
 */
const HASHED_ASSET = /[-.][0-9a-f]{8,}\.(?:m?js|css)(?:\.map|\.LICENSE\.txt)?$/;

/**
 * Content-addressed files may be cached forever; everything else must be revalidated, or a deploy
 * would leave visitors with HTML and page-data pointing at bundles that no longer exist.
 */
export function cacheControlFor(urlPath: string, contentType: string): string {
  if (urlPath.startsWith("/page-data/") || urlPath.startsWith("/slice-data/")) {
    return CACHE_NO_CACHE;
  }
  if (contentType.startsWith("text/html")) return CACHE_NO_CACHE;
  if (urlPath.startsWith("/static/")) return CACHE_IMMUTABLE;
  if (HASHED_ASSET.test(path.posix.basename(urlPath))) return CACHE_IMMUTABLE;
  return CACHE_REVALIDATE;
}

export type PathResolution =
  { ok: true; filePath: string } | { ok: false; reason: "bad-request" | "not-found" };

/**
 * Maps a raw (still percent-encoded) URL path to a file under root, or says why it cannot.
 * Decoding happens here, after the URL parser has normalised dot segments, so an encoded
 * "%2e%2e%2f" or "%00" is caught on its decoded form.
 */
export function resolvePublicPath(root: string, pathname: string): PathResolution {
  if (!pathname.startsWith("/")) return { ok: false, reason: "not-found" };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, reason: "bad-request" };
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return { ok: false, reason: "not-found" };
  const segments = decoded.split("/").filter((segment) => segment !== "");
  // Dotfiles are never part of a Gatsby build, except the well-known URIs of RFC 8615.
  if (segments.some((segment) => segment.startsWith(".") && segment !== ".well-known")) {
    return { ok: false, reason: "not-found" };
  }
  const filePath = path.resolve(root, ...segments);
  const relative = path.relative(root, filePath);
  if (relative.startsWith("..") || path.isAbsolute(relative)) {
    return { ok: false, reason: "not-found" };
  }
  return { ok: true, filePath };
}

/** The preferred encoding the client accepts (br over gzip), honouring q=0 refusals and `*`. */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const weight = (encoding: Encoding): number => weights.get(encoding) ?? weights.get("*") ?? 0;
  const candidates: Encoding[] = ["br", "gzip"];
  let best: Encoding | null = null;
  for (const encoding of candidates) {
    if (weight(encoding) > 0 && (best === null || weight(encoding) > weight(best))) best = encoding;
  }
  return best;
}

/** Below this, compression overhead and the extra round of CPU outweigh the bytes saved. */
export const MIN_COMPRESS_BYTES = 1024;
const DEFAULT_MAX_CACHE_BYTES = 128 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Immutable assets are compressed once per process, so they get the slowest, smallest settings;
 * revalidated files (HTML, page-data) may change between deploys and use cheaper ones.
 */
async function compress(bytes: Buffer, encoding: Encoding, thorough: boolean): Promise<Buffer> {
  if (encoding === "gzip") return gzip(bytes, { level: thorough ? 9 : 6 });
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: thorough ? zlib.constants.BROTLI_MAX_QUALITY : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

type CacheEntry = { bytes: Buffer };

/**
 * Compressed bytes keyed by file, encoding, mtime and size: a rebuilt file gets a new key, and the
 * least recently used entries go once the byte budget is spent. Concurrent first requests for the
 * same file share one compression.
 */
export class CompressionCache {
  #entries = new Map<string, CacheEntry>();
  #pending = new Map<string, Promise<Buffer>>();
  #bytes = 0;
  readonly #maxBytes: number;

  constructor(maxBytes = DEFAULT_MAX_CACHE_BYTES) {
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(
    filePath: string,
    stats: Stats,
    encoding: Encoding,
    thorough: boolean,
  ): Promise<Buffer> {
    const key = `${filePath}\0${encoding}\0${stats.mtimeMs}\0${stats.size}`;
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.bytes;
    }
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const work = fs
      .readFile(filePath)
      .then((raw) => compress(raw, encoding, thorough))
      .then((bytes) => {
        this.#store(key, bytes);
        return bytes;
      })
      .finally(() => this.#pending.delete(key));
    this.#pending.set(key, work);
    return work;
  }

  #store(key: string, bytes: Buffer): void {
    if (bytes.length > this.#maxBytes) return;
    // Older versions of the same file are dead weight once it has been rebuilt.
    const prefix = key.slice(0, key.indexOf("\0", key.indexOf("\0") + 1) + 1);
    for (const [other, entry] of this.#entries) {
      if (other.startsWith(prefix)) this.#evict(other, entry);
    }
    this.#entries.set(key, { bytes });
    this.#bytes += bytes.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#evict(oldest, entry);
    }
  }

  #evict(key: string, entry: CacheEntry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes.length;
  }
}

function etagFor(stats: Stats, encoding: Encoding | null): string {
  const version = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
  return `W/"${version}${encoding ? `-${encoding}` : ""}"`;
}

/** Weak comparison (RFC 9110 §8.8.3.2): If-None-Match ignores the W/ prefix. */
function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === opaque;
  });
}

function isNotModified(request: Request, etag: string, stats: Stats): boolean {
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) return matchesEtag(ifNoneMatch, etag);
  const ifModifiedSince = request.headers.get("if-modified-since");
  if (ifModifiedSince === null) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(stats.mtimeMs / 1000) * 1000 <= since;
}

async function statOrNull(filePath: string): Promise<Stats | null> {
  try {
    return await fs.stat(filePath);
  } catch {
    return null;
  }
}

/** Copies into a fresh ArrayBuffer-backed view, the body type the Fetch typings accept. */
function body(bytes: Buffer): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

export type StaticAssets = {
  readonly publicDir: string;
  /** Answers any request for a static path: file, directory redirect, 404 page, 405 or 400. */
  serve(request: Request): Promise<Response>;
  /** Pre-compresses the hashed bundles so the first visitor does not wait; resolves to a file count. */
  warm(): Promise<number>;
};

export type StaticAssetsOptions = {
  publicDir: string;
  maxCacheBytes?: number;
};

export function createStaticAssets(options: StaticAssetsOptions): StaticAssets {
  const root = path.resolve(options.publicDir);
  const cache = new CompressionCache(options.maxCacheBytes);
  let realRoot: string | null = null;

  /** Symlinks inside the build must not lead out of it. */
  async function staysInside(filePath: string): Promise<boolean> {
    try {
      realRoot ??= await fs.realpath(root);
      const real = await fs.realpath(filePath);
      const relative = path.relative(realRoot, real);
      return !relative.startsWith("..") && !path.isAbsolute(relative);
    } catch {
      return false;
    }
  }

  async function fileResponse(
    request: Request,
    filePath: string,
    stats: Stats,
    urlPath: string,
    status = 200,
  ): Promise<Response> {
    const contentType = contentTypeFor(filePath);
    const cacheControl = status === 200 ? cacheControlFor(urlPath, contentType) : CACHE_NO_CACHE;
    const compressible = isCompressible(contentType);
    const encoding =
      compressible && stats.size >= MIN_COMPRESS_BYTES
        ? negotiateEncoding(request.headers.get("accept-encoding"))
        : null;
    const headers = new Headers({ "content-type": contentType, "cache-control": cacheControl });
    // Caches must key on Accept-Encoding even for the identity answer, or they could serve it to all.
    if (compressible) headers.set("vary", "Accept-Encoding");
    if (status === 200) {
      const etag = etagFor(stats, encoding);
      headers.set("etag", etag);
      headers.set("last-modified", stats.mtime.toUTCString());
      if (isNotModified(request, etag, stats)) return new Response(null, { status: 304, headers });
    }
    const bytes = encoding
      ? await cache.get(filePath, stats, encoding, cacheControl === CACHE_IMMUTABLE)
      : await fs.readFile(filePath);
    if (encoding) headers.set("content-encoding", encoding);
    headers.set("content-length", String(bytes.length));
    return new Response(request.method === "HEAD" ? null : body(bytes), { status, headers });
  }

  async function notFound(request: Request): Promise<Response> {
    const page = path.join(root, "404.html");
    const stats = await statOrNull(page);
    if (stats?.isFile()) return fileResponse(request, page, stats, "/404.html", 404);
    return new Response("Not Found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": CACHE_NO_CACHE },
    });
  }

  async function serve(request: Request): Promise<Response> {
    if (request.method !== "GET" && request.method !== "HEAD")
      return methodNotAllowed(STATIC_METHODS);
    const url = new URL(request.url);
    const resolved = resolvePublicPath(root, url.pathname);
    if (!resolved.ok) {
      if (resolved.reason === "bad-request") {
        return new Response("Bad Request", {
          status: 400,
          headers: { "content-type": "text/plain; charset=utf-8", "cache-control": CACHE_NO_CACHE },
        });
      }
      return notFound(request);
    }
    const stats = await statOrNull(resolved.filePath);
    if (!stats || !(await staysInside(resolved.filePath))) return notFound(request);

    if (stats.isDirectory()) {
      const index = path.join(resolved.filePath, "index.html");
      const indexStats = await statOrNull(index);
      if (!indexStats?.isFile()) return notFound(request);
      if (!url.pathname.endsWith("/")) {
        // Collapsing repeated slashes keeps "//evil.com" from becoming a protocol-relative Location.
        const location = `${url.pathname.replace(/\/{2,}/g, "/")}/${url.search}`;
        return new Response(null, {
          status: 301,
          headers: { location, "cache-control": CACHE_REVALIDATE },
        });
      }
      return fileResponse(request, index, indexStats, url.pathname);
    }
    // "/styles.css/" names a directory that does not exist, not the file.
    if (!stats.isFile() || url.pathname.endsWith("/")) return notFound(request);
    return fileResponse(request, resolved.filePath, stats, url.pathname);
  }

  async function warm(): Promise<number> {
    let entries: string[];
    try {
      entries = await fs.readdir(root);
    } catch {
      return 0;
    }
    let count = 0;
    // One file at a time: warming must not starve the requests it is meant to speed up.
    for (const name of entries) {
      const urlPath = `/${name}`;
      const contentType = contentTypeFor(name);
      if (!isCompressible(contentType) || cacheControlFor(urlPath, contentType) !== CACHE_IMMUTABLE)
        continue;
      if (name.endsWith(".map")) continue;
      const filePath = path.join(root, name);
      const stats = await statOrNull(filePath);
      if (!stats?.isFile() || stats.size < MIN_COMPRESS_BYTES) continue;
      await cache.get(filePath, stats, "br", true);
      await cache.get(filePath, stats, "gzip", true);
      count += 1;
    }
    return count;
  }

  return { publicDir: root, serve, warm };
}
