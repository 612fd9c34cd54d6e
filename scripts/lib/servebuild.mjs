// The built site on a free loopback port, served by the local server's own static layer without the functions.
// Imports TypeScript: run under tsx (`node --import tsx`, as the package.json scripts do).
import { startServer } from "../../src/server/main.ts";

/**
 * Serves publicDir as `npm start` would (same files, encodings, cache headers, 404 page), minus the
 * function routes: a page's /api/ calls answer 404, as before any backend exists. Resolves to
 * { url (no trailing slash), close() }.
 */
export async function serveBuild(publicDir) {
  const server = await startServer({
    publicDir,
    port: 0,
    host: "127.0.0.1",
    logger: () => {},
    functions: [],
  });
  return { url: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}
