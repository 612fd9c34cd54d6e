// The first-party Fingerprint proxy's header logic: pure functions from what the browser or upstream
// sent to what travels on (parameters, the `_iidt` cookie and its Domain, cache lifetimes).
import { isIP } from "node:net";
import { parse as parseCookies } from "hono/utils/cookie";
import { FORWARDED_REQUEST_HEADERS, FORWARDED_REQUEST_PREFIXES, FPJS_COOKIE } from "./proxyRules";

/** Exactly one value that matches, or null: a repeated parameter is as suspicious as a bad one. */
export function single(params: URLSearchParams, name: string, pattern: RegExp): string | null {
  const values = params.getAll(name);
  return values.length === 1 && pattern.test(values[0] ?? "") ? (values[0] ?? null) : null;
}

/** The smaller of our cap and the max-age upstream asked for, so we never cache longer than it. */
export function cappedAge(cacheControl: string | null, directive: string, cap: number): number {
  const match = new RegExp(`(?:^|[,\\s])${directive}=(\\d+)`, "i").exec(cacheControl ?? "");
  const upstream = match ? Number(match[1]) : Number.POSITIVE_INFINITY;
  return Math.min(cap, upstream);
}

/**
 * Only the `_iidt` cookie, from a Cookie header, as `_iidt=value`; null when the browser has none.
 * The value is opaque to us and travels byte for byte: Hono's parser percent-decodes values, so every
 * `%` is escaped first and the decoding gives back exactly what the browser sent.
 */
export function fingerprintCookie(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const value = parseCookies(cookieHeader.replaceAll("%", "%25"), FPJS_COOKIE)[FPJS_COOKIE];
  if (value === undefined) return null;
  // A cookie value (RFC 6265 cookie-octets) never holds these; one that does is not Fingerprint's.
  return /^[\x21-\x7e]*$/.test(value) && !/[;,\\"]/.test(value) ? `${FPJS_COOKIE}=${value}` : null;
}

/** Hosts a Domain attribute cannot name (IP literals, single labels such as localhost). */
function isHostOnly(hostname: string): boolean {
  return isIP(hostname.replace(/^\[|\]$/g, "")) !== 0 || !hostname.includes(".");
}

/**
 * The Domain for Fingerprint's cookie: the configured site's host name when the browser is on that
 * host or under it, else none (a host-only cookie). The request's Host header only chooses between
 * the two; it never supplies the value.
 */
export function cookieDomain(requestHostname: string, siteHostname: string): string | null {
  const host = requestHostname.toLowerCase();
  const site = siteHostname.toLowerCase();
  const onSite = host === site || host.endsWith(`.${site}`);
  return onSite && !isHostOnly(site) ? site : null;
}

/**
 * Upstream sets its cookie for Fingerprint's domain; the browser would drop it. Re-scope it to
 * `domain` (host-only when null), keeping every other attribute in its place and the value byte for byte.
 */
export function rewriteCookieDomain(setCookie: string, domain: string | null): string {
  const [pair = "", ...attributes] = setCookie.split(";");
  const kept = attributes
    .map((attribute) => attribute.trim())
    .filter((attribute) => attribute !== "" && !/^domain\s*(=|$)/i.test(attribute));
  if (domain !== null) kept.push(`Domain=${domain}`);
  return [pair.trim(), ...kept].join("; ");
}

/** The browser's headers that describe it (an allowlist: ./proxyRules.ts), nothing else. */
export function forwardedHeaders(request: Request): Headers {
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (
      FORWARDED_REQUEST_HEADERS.has(lower) ||
      FORWARDED_REQUEST_PREFIXES.some((prefix) => lower.startsWith(prefix))
    )
      headers.set(lower, value);
  });
  return headers;
}
