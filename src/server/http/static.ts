// Serves Gatsby's build output through @hono/node-server's serveStatic and Hono's etag middleware.
// What stays ours: path safety, the cache policy per path, the 404 page, the one trailing-slash 301, and a page's
// Markdown twin for a request whose Accept header prefers it.
import { promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Context, type Hono, type MiddlewareHandler } from "hono";
import { etag } from "hono/etag";
import { contentTypeFor, isCompressible } from "../../config/contentTypes";
import { prefersMarkdown, TWIN_FILE } from "../../data/markdownTwins";
import { methodNotAllowed } from "./responses";

const STATIC_METHODS = ["GET", "HEAD"] as const;

export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";
export const CACHE_NO_CACHE = "no-cache";

/**
 * Gatsby names bundles `[name]-[contenthash].js` and styles `[name].[contenthash].css` (webpack's
 * 20-hex-digit hash); their source maps and licence files carry the same hash.
 */
const HASHED_ASSET = /[-.][0-9a-f]{8,}\.(?:m?js|css)(?:\.map|\.LICENSE\.txt)?$/;

/**
 * The search index's chunks (src/gatsby/searchIndex.ts): Pagefind names each by a hash of its content; its entry
 * file, its code and its WebAssembly keep their names from build to build, so they are revalidated.
 */
const SEARCH_CHUNK =
  /^\/pagefind\/(?:.+\/)?[^/]*[_.][0-9a-f]{7,}\.pf_(?:index|fragment|filter|meta)$/;

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
  if (SEARCH_CHUNK.test(urlPath)) return CACHE_IMMUTABLE;
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

async function statOrNull(filePath: string): Promise<Stats | null> {
  try {
    return await fs.stat(filePath);
  } catch {
    return null;
  }
}

function plain(status: 400 | 404, text: string): Response {
  return new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": CACHE_NO_CACHE },
  });
}

/**
 * The one well-formed byte range a Range header asks for (RFC 9110 §14.1.2), spelled as the static
 * library reads it; null for anything else (another unit, garbage, several ranges, last before first),
 * which a server may ignore and this one does: the file goes whole with 200, never as a 206 that
 * claims to be part of it.
 */
export function singleByteRange(header: string): string | null {
  const match = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header.trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first !== "" && last !== "" && BigInt(last) < BigInt(first)) return null;
  return `bytes=${first}-${last}`;
}

/**
 * Whether If-Range lets the Range stand (RFC 9110 §13.1.5): only for a strong validator of the very
 * representation being served. This server's ETags are weak (a size and a time), so no entity tag ever
 * qualifies; a date does when it is exactly the Last-Modified sent and that is at least a second older
 * than now (a date within the second could name two versions of a file). Otherwise the file goes whole:
 * a resumed download never glues a new deploy's bytes to an old file's.
 */
export function ifRangeHolds(
  ifRange: string,
  lastModified: string | null,
  now: number = Date.now(),
): boolean {
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/") || lastModified === null) return false;
  const time = Date.parse(lastModified);
  return value === lastModified && Number.isFinite(time) && time <= now - 1000;
}

/** The request with its Range cleaned: dropped when not one byte range, or always (`whole`). */
function withRange(c: Context, whole = false): Context {
  const range = c.req.header("range");
  if (range === undefined) return c;
  const single = whole ? null : singleByteRange(range);
  if (single === range) return c;
  const headers = new Headers(c.req.raw.headers);
  if (single === null) headers.delete("range");
  else headers.set("range", single);
  return new Context(new Request(c.req.url, { method: c.req.method, headers }));
}

/** Answers GET and HEAD for any path of the build: file, directory redirect, 404 page, 405 or 400. */
export function serveBuild(publicDir: string): MiddlewareHandler {
  const root = path.resolve(publicDir);
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

  /**
   * The library picks the .br/.gz sibling written at build time, answers Range and HEAD, and sets
   * Content-Length and Last-Modified; the headers that depend on our rules are set here.
   */
  async function sendFile(
    c: Context,
    filePath: string,
    urlPath: string,
    status: 200 | 404,
  ): Promise<Response | null> {
    let served = filePath;
    const response = await serveStatic({
      path: filePath,
      precompressed: true,
      onFound: (found) => {
        served = found;
      },
    })(c, async () => undefined);
    if (!response) return null;
    const ifRange = c.req.header("if-range");
    if (
      ifRange !== undefined &&
      (response.status === 206 || response.status === 416) &&
      !ifRangeHolds(ifRange, response.headers.get("last-modified"))
    ) {
      await response.body?.cancel();
      return sendFile(withRange(c, true), filePath, urlPath, status);
    }
    const contentType = contentTypeFor(filePath);
    const headers = response.headers;
    headers.set("content-type", contentType);
    headers.set(
      "cache-control",
      status === 200 ? cacheControlFor(urlPath, contentType) : CACHE_NO_CACHE,
    );
    // Caches must key on Accept-Encoding even for the identity answer, or they could serve it to all.
    if (isCompressible(contentType)) headers.set("vary", "Accept-Encoding");
    if (status === 404) {
      headers.delete("last-modified");
      return new Response(response.body, { status, headers });
    }
    if (!response.ok) return response;
    // A cheap validator per representation (the etag middleware answers If-None-Match with it).
    const stats = await fs.stat(served);
    const encoding = headers.get("content-encoding");
    const version = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
    headers.set("etag", `W/"${version}${encoding ? `-${encoding}` : ""}"`);
    return response;
  }

  async function notFound(c: Context): Promise<Response> {
    const page = path.join(root, "404.html");
    if ((await statOrNull(page))?.isFile()) {
      const response = await sendFile(withRange(c, true), page, "/404.html", 404);
      if (response) return response;
    }
    return plain(404, "Not Found");
  }

  return async (c) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return methodNotAllowed(STATIC_METHODS);
    const url = new URL(c.req.url);
    const resolved = resolvePublicPath(root, url.pathname);
    if (!resolved.ok) {
      return resolved.reason === "bad-request" ? plain(400, "Bad Request") : notFound(c);
    }
    const stats = await statOrNull(resolved.filePath);
    if (!stats || !(await staysInside(resolved.filePath))) return notFound(c);

    let filePath = resolved.filePath;
    let negotiated: "html" | "markdown" | null = null;
    if (stats.isDirectory()) {
      filePath = path.join(resolved.filePath, "index.html");
      if (!(await statOrNull(filePath))?.isFile()) return notFound(c);
      if (!url.pathname.endsWith("/")) {
        // Collapsing repeated slashes keeps "//evil.com" from becoming a protocol-relative Location.
        const location = `${url.pathname.replace(/\/{2,}/g, "/")}/${url.search}`;
        return new Response(null, {
          status: 301,
          headers: { location, "cache-control": CACHE_REVALIDATE },
        });
      }
      // A page with a Markdown twin beside it is answered by the twin when the request prefers Markdown.
      const twin = path.join(resolved.filePath, TWIN_FILE);
      if ((await statOrNull(twin))?.isFile()) {
        negotiated = prefersMarkdown(c.req.header("accept")) ? "markdown" : "html";
        if (negotiated === "markdown") filePath = twin;
      }
    } else if (!stats.isFile() || url.pathname.endsWith("/")) {
      // "/styles.css/" names a directory that does not exist, not the file.
      return notFound(c);
    }
    const response = await sendFile(withRange(c), filePath, url.pathname, 200);
    if (!response) return notFound(c);
    if (negotiated) {
      // Caches keep one answer per Accept for this address; the Markdown says where it lives on its own.
      response.headers.append("vary", "Accept");
      if (negotiated === "markdown") response.headers.set("content-location", `${url.pathname}${TWIN_FILE}`);
    }
    return response;
  };
}

/** Mounts the build after whatever routes the app already has: ETags and 304s, then the files. */
export function mountBuild(app: Hono, publicDir: string): void {
  app.use("*", etag());
  app.all("*", serveBuild(publicDir));
}
