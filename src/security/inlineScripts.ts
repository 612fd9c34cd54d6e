/** Finds what a built page would execute inline, and checks that its policy allows exactly that. */
import { createHash } from "node:crypto";
import { effectiveSources, type Policy } from "./csp";

/** Types a browser runs as script; anything else (JSON-LD, JSON data) is inert and needs no hash. */
const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "text/ecmascript",
  "application/ecmascript",
]);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Opening tags outside script bodies; React escapes ">" inside attribute values, so this is safe on built pages. */
const TAG = /<[a-zA-Z][a-zA-Z0-9-]*\b[^>]*>/g;
const EVENT_HANDLER = /\son[a-z]+\s*=/i;
const JAVASCRIPT_URL = /\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/i;

/** An attribute's value, "" for a bare attribute, null when absent. */
function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(
    `(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|/|$)`,
    "i",
  ).exec(attributes);
  if (!match) return null;
  return match[1] ?? match[2] ?? match[3] ?? "";
}

/** The CSP source expression for a script body: 'sha256-<base64>' of its exact text. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** Bodies of the inline scripts a browser would execute, in document order. */
export function inlineScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    if (attribute(attributes, "src") !== null) continue;
    const type = (attribute(attributes, "type") ?? "").trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    bodies.push(match[2] ?? "");
  }
  return bodies;
}

export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(scriptHash))];
}

/**
 * Why the page would not run as built under its policy: an inline script whose hash the policy
 * lacks, or script a hash can never allow (event-handler attributes, javascript: URLs). Empty when
 * the page is fine.
 */
export function policyProblems(
  html: string,
  policy: Policy,
  options: { allowEval?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const allowed = new Set(effectiveSources(policy, "script-src") ?? []);
  if (allowed.has("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
  if (allowed.has("'unsafe-eval'") && !options.allowEval) {
    problems.push("script-src allows 'unsafe-eval'");
  }
  for (const body of inlineScripts(html)) {
    const hash = scriptHash(body);
    if (!allowed.has(hash)) {
      problems.push(`inline script ${hash} is not in script-src: ${body.trim().slice(0, 60)}`);
    }
  }
  const outsideScripts = html.replace(SCRIPT, "");
  for (const [tag] of outsideScripts.matchAll(TAG)) {
    if (EVENT_HANDLER.test(tag)) problems.push(`inline event handler: ${tag.slice(0, 80)}`);
    else if (JAVASCRIPT_URL.test(tag)) problems.push(`javascript: URL: ${tag.slice(0, 80)}`);
  }
  return problems;
}
