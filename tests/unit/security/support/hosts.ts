// How Netlify and Vercel turn the files the build wrote into a response's headers, for one path.

export type Headers = Record<string, string>;

/**
 * A rule's path as Netlify's headers parser matches it: a segment that is `*` matches any number of segments or
 * none, a `*` inside a segment any characters.
 */
function netlifyRulePattern(rule: string): RegExp {
  const segments = rule
    .split("/")
    .filter(Boolean)
    .map((part) =>
      part === "*"
        ? "?(.*)"
        : part.split("*").map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("(.*)"),
    );
  return new RegExp(`^/${segments.join("/")}/?$`, "iu");
}

/**
 * Netlify's `_headers`: every rule whose path matches applies (netlifyRulePattern); one header named
 * by several matching rules gets their values joined with ", " (which is why the build never lets
 * two rules name Content-Security-Policy for one path).
 */
export function netlifyHeadersFor(file: string, pathname: string): Headers {
  const out: Headers = {};
  let applies = false;
  for (const line of file.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      const rule = line.trim();
      applies = netlifyRulePattern(rule).test(pathname);
      continue;
    }
    if (!applies) continue;
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

type VercelRoute = {
  src?: string;
  headers?: Record<string, string>;
  continue?: boolean;
  handle?: string;
};

/**
 * Vercel's Build Output routes, up to the filesystem phase: each matching route's headers are
 * applied in order, a later value replacing an earlier one; a route without `continue` ends routing.
 */
export function vercelHeadersFor(config: { routes?: VercelRoute[] }, pathname: string): Headers {
  const out: Headers = {};
  for (const route of config.routes ?? []) {
    if (route.handle) break;
    if (!route.src || !new RegExp(route.src).test(pathname)) continue;
    for (const [name, value] of Object.entries(route.headers ?? {}))
      out[name.toLowerCase()] = value;
    if (!route.continue) break;
  }
  return out;
}
