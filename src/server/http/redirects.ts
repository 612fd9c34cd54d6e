// The Node server's redirects: the build's public/_redirects (content/settings/redirects.yml, as Netlify reads
// it), answered 301 (permanent) or 302 (temporary) with the request's query string kept. Only lines whose
// values pass the build's checks are rules (parseNetlifyRedirects), so every Location is percent-encoded ASCII.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { parseNetlifyRedirects, redirectLocation, slashed } from "../../data/redirects";

export function redirectsFrom(publicDir: string): MiddlewareHandler {
  let rules: Promise<Map<string, { to: string; permanent: boolean }>> | null = null;
  // Read once per server: a rebuild means a restart, as for the pages themselves.
  const load = () =>
    (rules ??= fs
      .readFile(path.join(publicDir, "_redirects"), "utf8")
      .catch(() => "")
      .then((text) => new Map(parseNetlifyRedirects(text).map((rule) => [rule.from, rule]))));
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const url = new URL(c.req.url);
    const rule = (await load()).get(slashed(url.pathname));
    if (!rule) return next();
    const location = redirectLocation(rule.to, url.search);
    // The URL parser escapes the query; a header value that is still not visible ASCII is no redirect.
    if (!/^[\x21-\x7e]+$/.test(location)) return next();
    return new Response(null, {
      status: rule.permanent ? 301 : 302,
      headers: {
        location,
        "cache-control": rule.permanent ? "public, max-age=3600" : "no-cache",
      },
    });
  };
}
