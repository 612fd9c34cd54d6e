// The one rule of RFC 9112 §3.2 Node's parser leaves to the server: a request with more than one Host
// line is answered 400 before any route sees it (routes, logs and proxies could each believe another).
import type { RequestListener } from "node:http";
import { FUNCTION_HEADERS } from "../../security/headers";

/** How many Host lines a request carried, as sent (Node keeps only the first in `headers`). */
export function hostLines(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === "host") count += 1;
  }
  return count;
}

/** Wraps the server's listener: two Host lines or more get a bare 400 and a closed connection. */
export function refuseRepeatedHost(listener: RequestListener): RequestListener {
  return (request, response) => {
    if (hostLines(request.rawHeaders) <= 1) {
      listener(request, response);
      return;
    }
    request.resume();
    response.writeHead(400, {
      ...FUNCTION_HEADERS,
      "content-type": "text/plain; charset=utf-8",
      connection: "close",
    });
    response.end("Bad Request: one Host header, please.\n");
  };
}
