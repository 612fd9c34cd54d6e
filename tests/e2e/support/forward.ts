// A request the browser made, sent on to a test server by Node on a connection of its own that closes after the
// answer. A pooled keep-alive connection (what route.fetch uses) can be picked up just as the server closes it
// for idleness (Express's 5 s): the request then dies with ECONNRESET, which on a loaded host failed a CMS test.
import http from "node:http";
import type { Route } from "@playwright/test";

/** Headers that describe one hop's connection, not the message: each side sets its own. */
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "host",
]);

/** Sends `route`'s request to `target` (its method, headers and body) and fulfils the route with the answer. */
export async function forwardRoute(route: Route, target: URL): Promise<void> {
  const request = route.request();
  const body = request.postDataBuffer() ?? Buffer.alloc(0);
  const headers: Record<string, string> = { connection: "close" };
  for (const [name, value] of Object.entries(request.headers()))
    if (!HOP_HEADERS.has(name)) headers[name] = value;
  if (body.length > 0) headers["content-length"] = String(body.length);
  const answer = await new Promise<{
    status: number;
    headers: Record<string, string>;
    body: Buffer;
  }>((resolve, reject) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: request.method(),
        headers,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers))
            if (value !== undefined && !HOP_HEADERS.has(name))
              kept[name] = Array.isArray(value) ? value.join(", ") : value;
          resolve({
            status: incoming.statusCode ?? 502,
            headers: kept,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
  await route.fulfill(answer);
}
