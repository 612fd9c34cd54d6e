// The small page the CMS login window shows: a line for the editor, the outcome for the admin in a JSON data
// block, and the one inline script (./loginScript.ts) that delivers it, allowed by its hash and nothing else.
import { createHash } from "node:crypto";
import { LOGIN_SCRIPT } from "./loginScriptCompiled";
import { RESULT_ELEMENT_ID, STATUS_ELEMENT_ID, type LoginResult } from "./loginScript";

/** Decap's name for the backend whose login this is. */
export const PROVIDER = "github";

/** `'sha256-…'` of the script's exact text, as the page's policy names it. */
export const LOGIN_SCRIPT_HASH = `'sha256-${createHash("sha256").update(LOGIN_SCRIPT, "utf8").digest("base64")}'`;

/** Runs that one script and loads nothing: no styles, images, frames, forms or base URL. */
export const LOGIN_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${LOGIN_SCRIPT_HASH}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** JSON that cannot end its <script> element or open a comment inside it, whatever the strings hold. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export type LoginOutcome = { ok: true; token: string } | { ok: false; message: string };

/** What the admin receives: Decap's success message with the token, or its error message with ours. */
export function adminMessage(outcome: LoginOutcome): string {
  return outcome.ok
    ? `authorization:${PROVIDER}:success:${JSON.stringify({ token: outcome.token, provider: PROVIDER })}`
    : `authorization:${PROVIDER}:error:${JSON.stringify({ message: outcome.message })}`;
}

/**
 * The page's headers: its own policy (kept by runFunction's function headers), never stored, never
 * sending a Referer (the callback's URL carries the one-time code), never framed.
 */
export function loginPageHeaders(extra: HeadersInit = {}): Headers {
  const headers = new Headers(extra);
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("content-security-policy", LOGIN_PAGE_CSP);
  headers.set("cache-control", "no-store");
  headers.set("referrer-policy", "no-referrer");
  headers.set("x-frame-options", "DENY");
  return headers;
}

/** The login window's page for an outcome; `text` is what the editor reads in it. */
export function loginPage(outcome: LoginOutcome, text: string): string {
  const result: LoginResult = { provider: PROVIDER, message: adminMessage(outcome) };
  return [
    "<!doctype html>",
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="referrer" content="no-referrer">',
    "<title>Content admin sign-in</title></head>",
    "<body>",
    `<p>${escapeHtml(text)}</p>`,
    `<p id="${STATUS_ELEMENT_ID}" role="status"></p>`,
    `<script type="application/json" id="${RESULT_ELEMENT_ID}">${jsonForScript(result)}</script>`,
    `<script>${LOGIN_SCRIPT}</script>`,
    "</body>",
    "</html>",
  ].join("\n");
}

/** The page as a response with its status and headers. */
export function loginPageResponse(
  status: number,
  outcome: LoginOutcome,
  text: string,
  headers: HeadersInit = {},
): Response {
  return new Response(loginPage(outcome, text), { status, headers: loginPageHeaders(headers) });
}
