/** Finds what a built page would execute inline, and checks that its policy allows exactly that. */
import { createHash } from "node:crypto";
import { effectiveSources, type Policy } from "./csp";
import type { PageScript } from "./knownScripts";

/**
 * Data blocks a browser never runs (JSON-LD, JSON). Every other type counts as script, including ones a
 * browser might not run: a script the build did not write fails the build whatever its type says.
 */
const INERT_TYPES = new Set(["application/ld+json", "application/json"]);

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

/** The inline scripts a browser could execute (no src, not a data block), in document order. */
export function inlineScripts(html: string): PageScript[] {
  const scripts: PageScript[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    if (attribute(attributes, "src") !== null) continue;
    const type = (attribute(attributes, "type") ?? "").trim().toLowerCase();
    if (INERT_TYPES.has(type)) continue;
    scripts.push({ id: attribute(attributes, "id"), body: match[2] ?? "" });
  }
  return scripts;
}

/** How a problem names a script: its id, hash and first characters. */
export function describeScript(script: PageScript): string {
  const id = script.id === null ? "" : `#${script.id} `;
  return `${id}${scriptHash(script.body)}: ${script.body.trim().slice(0, 80)}`;
}

/**
 * Why the page would not run as built under its policy: an inline script the build did not write (when
 * `writtenByBuild` is given), one whose hash the policy lacks, or script a hash can never allow
 * (event-handler attributes, javascript: URLs). Empty when the page is fine.
 */
export function policyProblems(
  html: string,
  policy: Policy,
  options: { allowEval?: boolean; writtenByBuild?: (script: PageScript) => boolean } = {},
): string[] {
  const problems: string[] = [];
  const allowed = new Set(effectiveSources(policy, "script-src") ?? []);
  if (allowed.has("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
  if (allowed.has("'unsafe-eval'") && !options.allowEval) {
    problems.push("script-src allows 'unsafe-eval'");
  }
  for (const script of inlineScripts(html)) {
    const hash = scriptHash(script.body);
    if (options.writtenByBuild && !options.writtenByBuild(script)) {
      problems.push(`inline script the build did not write, ${describeScript(script)}`);
    } else if (!allowed.has(hash)) {
      problems.push(`inline script not in script-src, ${describeScript(script)}`);
    }
  }
  const outsideScripts = html.replace(SCRIPT, "");
  for (const [tag] of outsideScripts.matchAll(TAG)) {
    if (EVENT_HANDLER.test(tag)) problems.push(`inline event handler: ${tag.slice(0, 80)}`);
    else if (JAVASCRIPT_URL.test(tag)) problems.push(`javascript: URL: ${tag.slice(0, 80)}`);
  }
  return problems;
}
