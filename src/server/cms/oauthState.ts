// The CMS login's `state`: an unguessable value sent to GitHub and bound to the browser that started the
// login by a short-lived HttpOnly cookie, signed with the OAuth App's secret so no other site (nor a sibling
// host that can set cookies for this one) can plant a cookie the callback would believe.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

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
  "missing-state" | "missing-cookie" | "forged-cookie" | "expired" | "mismatch";

/** Null when `state` (from the callback's query) is the one a cookie of ours issued within its lifetime. */
export function checkState(
  secret: string,
  state: string | null,
  cookieValues: readonly string[],
  nowMs: number = Date.now(),
): StateProblem | null {
  if (!state) return "missing-state";
  if (cookieValues.length === 0) return "missing-cookie";
  let problem: StateProblem = "forged-cookie";
  // A browser may send several cookies of this name (a planted one among them): any of ours will do.
  for (const value of cookieValues) {
    const [nonce = "", issued = "", signature = ""] = value.split(".");
    const issuedS = Number(issued);
    if (!/^\d{1,12}$/.test(issued) || !sameText(signature, mac(secret, nonce, issuedS))) continue;
    const ageS = nowMs / 1000 - issuedS;
    if (ageS > STATE_LIFETIME_S || ageS < -60) {
      problem = "expired";
      continue;
    }
    if (sameText(state, nonce)) return null;
    problem = "mismatch";
  }
  return problem;
}

/** Every value of the state cookie the request carries. */
export function stateCookieValues(request: Request): string[] {
  const values: string[] = [];
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === STATE_COOKIE) values.push(pair.slice(at + 1).trim());
  }
  return values;
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

/**
 * The origin the editor's browser is on. The hosts terminate TLS, and Vercel's runtime hands a web handler an
 * `http://` URL for an https request (it builds it from the Host header alone), so anything but plain-http
 * loopback is the https origin of the same host.
 */
export function publicOrigin(url: URL): string {
  return isLoopbackHttp(url) ? url.origin : `https://${url.host}`;
}

/**
 * The cookie's attributes: sent only to the callback's path, unreadable by scripts, sent on GitHub's
 * top-level redirect back (Lax) but not on other sites' subrequests, and `Secure` except on loopback http.
 */
export function stateCookie(
  value: string,
  callbackPath: string,
  url: URL,
  maxAgeS: number = STATE_LIFETIME_S,
): string {
  return [
    `${STATE_COOKIE}=${value}`,
    `Path=${callbackPath}`,
    `Max-Age=${maxAgeS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(isLoopbackHttp(url) ? [] : ["Secure"]),
  ].join("; ");
}

/** Removes the cookie: a state is used once, whatever the outcome. */
export function clearedStateCookie(callbackPath: string, url: URL): string {
  return stateCookie("", callbackPath, url, 0);
}
