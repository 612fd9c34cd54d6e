// A static server for benchmarks: the built site with every text file brotli-compressed once, up front, as a CDN would serve it.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};
const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".css",
  ".json",
  ".svg",
  ".xml",
  ".txt",
  ".webmanifest",
]);

/** Files the benchmark never asks for: the CMS admin (5 MB of Decap) and source maps. */
const skipped = (rel) => rel.startsWith(`admin${path.sep}`) || rel.endsWith(".map");

function walk(dir, base = dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(abs, base, out);
    else if (entry.isFile()) out.push(path.relative(base, abs));
  }
  return out;
}

/** Content hashes in the name (Gatsby's chunks, /static/) may be cached for good; pages and data may not. */
function cacheControl(rel) {
  if (rel.startsWith(`static${path.sep}`) || /-[0-9a-f]{16,}\.(js|css)$/.test(rel)) {
    return "public, max-age=31536000, immutable";
  }
  return "public, max-age=0, must-revalidate";
}

/**
 * Reads public/ into memory (brotli quality 11 for text), then serves it on 127.0.0.1 at a free port.
 * Directory paths serve their index.html; anything missing answers 404 (JSON under /api/).
 * Resolves to { url, files, close() }.
 */
export async function servePrecompressed(publicDir) {
  const files = new Map();
  for (const rel of walk(publicDir)) {
    if (skipped(rel)) continue;
    const ext = path.extname(rel).toLowerCase();
    const raw = fs.readFileSync(path.join(publicDir, rel));
    const br = COMPRESSIBLE.has(ext)
      ? zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : null;
    files.set(`/${rel.split(path.sep).join("/")}`, {
      raw,
      br,
      type: TYPES[ext] ?? "application/octet-stream",
      cache: cacheControl(rel),
    });
  }
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    let pathname = decodeURIComponent(url.pathname);
    if (pathname.endsWith("/")) pathname += "index.html";
    const file = files.get(pathname);
    if (!file) {
      const api = pathname.startsWith("/api/");
      response.writeHead(404, {
        "content-type": api ? "application/json" : "text/plain; charset=utf-8",
      });
      response.end(api ? '{"error":"not served by the benchmark"}' : "not found");
      return;
    }
    const acceptsBr = /\bbr\b/.test(String(request.headers["accept-encoding"] ?? ""));
    const body = file.br && acceptsBr ? file.br : file.raw;
    const headers = {
      "content-type": file.type,
      "content-length": body.length,
      "cache-control": file.cache,
      vary: "accept-encoding",
    };
    if (body === file.br) headers["content-encoding"] = "br";
    response.writeHead(200, headers);
    response.end(request.method === "HEAD" ? undefined : body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    files: files.size,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
