/** The security response headers of every page and every function, the same on all three hosts. */

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
 * Applies the function headers to a handler's answer, dropping anything that would undo them. The
 * one exception: an answer its handler marked `public` (the identification agent script, the job
 * board) is the same for everyone and keeps its shared-cache lifetime.
 */
export function withFunctionHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  const shared = /^\s*public\b/i.test(headers.get("cache-control") ?? "");
  for (const [name, value] of Object.entries(FUNCTION_HEADERS)) {
    if (name === "cache-control" && shared) continue;
    headers.set(name, value);
  }
  for (const name of FORBIDDEN_HEADERS) headers.delete(name);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
