// A minimal static file server for public/ on loopback, so the benchmark can load pages in a browser.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileForPath } from "./firstload.mjs";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

function isFile(p) {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The file answering a request path: the file itself, its index.html, or null. */
function lookup(publicDir, pathname) {
  const direct = fileForPath(publicDir, pathname);
  if (!direct) return null;
  if (isFile(direct)) return direct;
  const index = path.join(direct, "index.html");
  return isFile(index) ? index : null;
}

/** Starts the server on 127.0.0.1 with a free port. Resolves to { url, close() }. */
export function serveStatic(publicDir) {
  const server = http.createServer((req, res) => {
    let pathname = "/";
    try {
      pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    } catch {
      // a malformed path is answered like an unknown one
    }
    let status = 200;
    let file = lookup(publicDir, pathname);
    if (!file) {
      status = 404;
      file = lookup(publicDir, "/404.html");
    }
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(status, {
      "content-type": TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      "cache-control": "no-store",
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
