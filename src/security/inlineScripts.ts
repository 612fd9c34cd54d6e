/** Finds what a built page would execute inline, and checks that its policy allows exactly that. */
import { createHash } from "node:crypto";
import { parseHtml, type HtmlElement } from "../data/parseHtml";
import { effectiveSources, type Policy } from "./csp";
import type { PageScript } from "./knownScripts";

/**
 * Data blocks a browser never runs (JSON-LD, JSON). Every other type counts as script, including ones a
 * browser might not run: a script the build did not write fails the build whatever its type says.
 */
const INERT_TYPES = new Set(["application/ld+json", "application/json"]);

/** Attributes whose value a browser may navigate to or load as a URL. */
const URL_ATTRIBUTES = ["href", "src", "action", "formaction", "xlink:href", "poster", "data"];

/** A page as HTML, or as its elements when the caller has parsed it already. */
export type PageSource = string | readonly HtmlElement[];

const elementsOf = (page: PageSource) => (typeof page === "string" ? parseHtml(page) : page);

/** The CSP source expression for a script body: 'sha256-<base64>' of its exact text. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** The inline scripts a browser could execute (no src, not a data block), in document order. */
export function inlineScripts(page: PageSource): PageScript[] {
  return elementsOf(page)
    .filter(
      (el) =>
        el.name === "script" &&
        el.attributes["src"] === undefined &&
        !INERT_TYPES.has((el.attributes["type"] ?? "").trim().toLowerCase()),
    )
    .map((el) => ({ id: el.attributes["id"] ?? null, body: el.text }));
}

/** How a problem names a script: its id, hash and first characters. */
export function describeScript(script: PageScript): string {
  const id = script.id === null ? "" : `#${script.id} `;
  return `${id}${scriptHash(script.body)}: ${script.body.trim().slice(0, 80)}`;
}

/** A URL as a browser reads its scheme: C0 controls and spaces around it and tabs or newlines inside dropped. */
function scheme(url: string): string {
  const kept = [...url].filter((c) => c !== "\t" && c !== "\n" && c !== "\r");
  const first = kept.findIndex((c) => c.charCodeAt(0) > 0x20);
  const trimmed = first < 0 ? "" : kept.slice(first).join("");
  return trimmed.slice(0, trimmed.indexOf(":") + 1).toLowerCase();
}

/** How a problem names an element: its start tag as parsed. */
function describeElement(el: HtmlElement): string {
  const attributes = Object.entries(el.attributes).map(([name, value]) => `${name}="${value}"`);
  return `<${[el.name, ...attributes].join(" ")}>`.slice(0, 80);
}

/**
 * Why the page would not run as built under its policy: an inline script the build did not write (when
 * `writtenByBuild` is given), one whose hash the policy lacks, or script a hash can never allow
 * (event-handler attributes, javascript: URLs). Empty when the page is fine.
 */
export function policyProblems(
  page: PageSource,
  policy: Policy,
  options: { allowEval?: boolean; writtenByBuild?: (script: PageScript) => boolean } = {},
): string[] {
  const elements = elementsOf(page);
  const problems: string[] = [];
  const allowed = new Set(effectiveSources(policy, "script-src") ?? []);
  if (allowed.has("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
  if (allowed.has("'unsafe-eval'") && !options.allowEval) {
    problems.push("script-src allows 'unsafe-eval'");
  }
  for (const script of inlineScripts(elements)) {
    const hash = scriptHash(script.body);
    if (options.writtenByBuild && !options.writtenByBuild(script)) {
      problems.push(`inline script the build did not write, ${describeScript(script)}`);
    } else if (!allowed.has(hash)) {
      problems.push(`inline script not in script-src, ${describeScript(script)}`);
    }
  }
  for (const el of elements) {
    const names = Object.keys(el.attributes);
    if (names.some((name) => /^on[a-z]+$/.test(name))) {
      problems.push(`inline event handler: ${describeElement(el)}`);
    } else if (URL_ATTRIBUTES.some((name) => scheme(el.attributes[name] ?? "") === "javascript:")) {
      problems.push(`javascript: URL: ${describeElement(el)}`);
    }
  }
  return problems;
}
