// The built site on a free loopback port, served by the local server's own static layer with one function.
// Imports TypeScript: run under tsx (`node --import tsx`, as the package.json scripts do).
import { functions } from "../../src/server/functions.ts";
import { startServer } from "../../src/server/main.ts";

/**
 * Serves publicDir as `npm start` would (same files, encodings, cache headers, 404 page) with the one
 * function every first load calls, the visitor's country (answered from the platform's geo data, no
 * outside service); the other /api/ routes answer 404. Without it, the page logs a 404 and Lighthouse
 * scores best practices 96 for a fault of the benchmark, not the site. Resolves to
 * { url (no trailing slash), close() }.
 */
export async function serveBuild(publicDir) {
  const server = await startServer({
    publicDir,
    port: 0,
    host: "127.0.0.1",
    logger: () => {},
    functions: functions.filter((route) => route.name === "get-country"),
  });
  return { url: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}
