/** The security response headers of every page and every function, the same on all three hosts. */
import { parsePolicy } from "./csp";

export type HeaderSet = Readonly<Record<string, string>>;

/** Sent on https hosts only (Netlify, Vercel): browsers ignore it over plain http. */
export const HSTS = "max-age=63072000; includeSubDomains; preload";

/** Features the site never uses, denied to the page and anything it frames. */
const DENIED_FEATURES = [
  "accelerometer",
  "ambient-light-sensor",
  "autoplay",
  "bluetooth",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];
export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(", ");

/** Every static response (pages, assets, 404s); the page's own Content-Security-Policy comes on top. */
export const STATIC_HEADERS: HeaderSet = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": PERMISSIONS_POLICY,
  "cross-origin-opener-policy": "same-origin",
  "x-frame-options": "DENY",
};

/**
 * A page's Markdown twin (src/data/markdownTwins.ts), at its own address or negotiated at the page's: Markdown in
 * UTF-8, and never a search result of its own (the page is the one to index).
 */
export const TWIN_HEADERS: HeaderSet = {
  "content-type": "text/markdown; charset=utf-8",
  "x-robots-tag": "noindex",
};

/**
 * What the CMS admin changes in the shared set: Decap logs in through a window it opens (GitHub's login),
 * which must keep its `opener` across GitHub's pages to hand the token back; `same-origin` would cut that
 * link, `same-origin-allow-popups` keeps it for windows the admin opens and still cuts every other opener.
 */
export const ADMIN_HEADERS: HeaderSet = {
  "cross-origin-opener-policy": "same-origin-allow-popups",
};

/** A function answers JSON (or a script for the agent proxy) that no page may frame or render as a document. */
export const FUNCTION_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Every function's answer: never cached, never framed, never sniffed, never readable cross-origin. */
export const FUNCTION_HEADERS: HeaderSet = {
  "cache-control": "no-store",
  "content-security-policy": FUNCTION_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

/** Headers the hosts must never send: they only tell an attacker what runs here, or open reads to other origins. */
export const FORBIDDEN_HEADERS = ["server", "x-powered-by", "access-control-allow-origin"];

/**
 * A handler's own policy that still loads nothing by default and may not be framed: a page a function
 * renders (the CMS login window's) names its one script this way, and keeps it.
 */
export function isStrictPolicy(policy: string | null): boolean {
  if (policy === null || policy.includes(",")) return false;
  const directives = new Map(parsePolicy(policy));
  const only = (name: string, source: string) => directives.get(name)?.join(" ") === source;
  return only("default-src", "'none'") && only("frame-ancestors", "'none'");
}

/**
 * Applies the function headers to a handler's answer, dropping anything that would undo them. The
 * exceptions only tighten: an answer its handler marked `public` (the identification agent script, the job
 * board) is the same for everyone and keeps its shared-cache lifetime; a strict policy of the handler's
 * own (isStrictPolicy) and `Referrer-Policy: no-referrer` are kept.
 */
export function withFunctionHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  const shared = /^\s*public\b/i.test(headers.get("cache-control") ?? "");
  const own = {
    "cache-control": shared,
    "content-security-policy": isStrictPolicy(headers.get("content-security-policy")),
    "referrer-policy": headers.get("referrer-policy") === "no-referrer",
  };
  for (const [name, value] of Object.entries(FUNCTION_HEADERS)) {
    if (own[name as keyof typeof own]) continue;
    headers.set(name, value);
  }
  for (const name of FORBIDDEN_HEADERS) headers.delete(name);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
