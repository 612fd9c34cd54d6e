// The CMS login's `state`: an unguessable value sent to GitHub and bound to the browser that started the login
// by a short-lived HttpOnly cookie holding that one state, signed with the App's secret.
//
// What the cookie defends, and what it does not:
// - Another site cannot read it (HttpOnly, SameSite=Lax) or forge one (the signature), so a callback it sends
//   a browser to with its own state and code finds no cookie of that state: a login started elsewhere (login
//   CSRF: the editor signed in as the attacker, their edits going to the attacker's account) is refused.
// - On https it is a `__Host-` cookie: Secure, Path=/, no Domain, so only this exact origin can set it. A
//   sibling host (another subdomain of the site's domain, which may set cookies for the whole domain) or a
//   plain-http answer on the network cannot plant one the callback reads; a cookie of the bare name they plant
//   is not read at all. A request that carries two state cookies anyway is refused, never matched against both.
// - Not defended: anyone who runs script on this origin itself (it is the site), anyone holding the editor's
//   unlocked browser, and on plain-http loopback (development) the cookie is the bare name without `Secure`,
//   which every local origin shares.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The cookie's name on plain-http loopback; on https it carries the `__Host-` prefix (stateCookieName). */
export const STATE_COOKIE = "cms_oauth_state";
/** The cookie and the state it carries live ten minutes, GitHub's own lifetime for an authorization code. */
export const STATE_LIFETIME_S = 600;

export type IssuedState = { state: string; cookieValue: string };

const mac = (secret: string, nonce: string, issuedS: number) =>
  createHmac("sha256", secret).update(`cms-oauth-state.${nonce}.${issuedS}`).digest("base64url");

/** Equal in time that does not depend on where two strings differ (both are hashed to 32 bytes first). */
function sameText(a: string, b: string): boolean {
  const digest = (value: string) => createHmac("sha256", "compare").update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** A fresh state and the cookie value that binds it: `<state>.<issued, seconds>.<signature>`. */
export function issueState(secret: string, nowMs: number = Date.now()): IssuedState {
  const state = randomBytes(32).toString("base64url");
  const issuedS = Math.floor(nowMs / 1000);
  return { state, cookieValue: `${state}.${issuedS}.${mac(secret, state, issuedS)}` };
}

/** Why a callback's state is not believed; each one means the token endpoint is never called. */
export type StateProblem =
  | "missing-state"
  | "missing-cookie"
  | "several-cookies"
  | "forged-cookie"
  | "expired"
  | "mismatch";

/** Null when `state` (from the callback's query) is the one the request's one cookie of ours issued in time. */
export function checkState(
  secret: string,
  state: string | null,
  cookieValues: readonly string[],
  nowMs: number = Date.now(),
): StateProblem | null {
  if (!state) return "missing-state";
  if (cookieValues.length === 0) return "missing-cookie";
  // One browser holds one state: a second cookie of this name was planted beside it (or the browser is not
  // the one that started), and choosing among them would let the planted one win.
  if (cookieValues.length > 1) return "several-cookies";
  const [nonce = "", issued = "", signature = ""] = (cookieValues[0] ?? "").split(".");
  const issuedS = Number(issued);
  if (!/^\d{1,12}$/.test(issued) || !sameText(signature, mac(secret, nonce, issuedS)))
    return "forged-cookie";
  const ageS = nowMs / 1000 - issuedS;
  if (ageS > STATE_LIFETIME_S || ageS < -60) return "expired";
  return sameText(state, nonce) ? null : "mismatch";
}

/** Browsers treat plain-http loopback as secure enough, but a `Secure` cookie there is not sent by every client. */
export function isLoopbackHttp(url: URL): boolean {
  if (url.protocol !== "http:") return false;
  const host = url.hostname;
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** `__Host-cms_oauth_state` wherever the site is https (everywhere but plain-http loopback). */
export function stateCookieName(url: URL): string {
  return isLoopbackHttp(url) ? STATE_COOKIE : `__Host-${STATE_COOKIE}`;
}

/** Every value of the state cookie the request carries, under this origin's name only. */
export function stateCookieValues(request: Request): string[] {
  const name = stateCookieName(new URL(request.url));
  const values: string[] = [];
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) values.push(pair.slice(at + 1).trim());
  }
  return values;
}

/**
 * The origin the editor's browser is on. The hosts terminate TLS, and Vercel's runtime hands a web handler an
 * `http://` URL for an https request (it builds it from the Host header alone), so anything but plain-http
 * loopback is the https origin of the same host.
 */
export function publicOrigin(url: URL): string {
  return isLoopbackHttp(url) ? url.origin : `https://${url.host}`;
}

/**
 * The cookie's attributes: unreadable by scripts, sent on GitHub's top-level redirect back (Lax) but not on
 * other sites' subrequests, and on https `__Host-` (Secure, Path=/, no Domain: the prefix requires all three).
 */
export function stateCookie(value: string, url: URL, maxAgeS: number = STATE_LIFETIME_S): string {
  return [
    `${stateCookieName(url)}=${value}`,
    "Path=/",
    `Max-Age=${maxAgeS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(isLoopbackHttp(url) ? [] : ["Secure"]),
  ].join("; ");
}

/** Removes the cookie: a state is used once, whatever the outcome. */
export function clearedStateCookie(url: URL): string {
  return stateCookie("", url, 0);
}
