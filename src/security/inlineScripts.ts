/** Finds what a built page would execute inline, and checks that its policy allows exactly that. */
import { createHash } from "node:crypto";
import { parseHtml, type HtmlElement } from "../data/parseHtml";
import { effectiveSources, type Policy } from "./csp";

/**
 * Data blocks a browser never runs (JSON-LD, JSON). Every other type counts as script, including ones a
 * browser might not run: a script the build did not write fails the build whatever its type says.
 */
const INERT_TYPES = new Set(["application/ld+json", "application/json"]);

/** Attributes whose value a browser may navigate to or load as a URL. */
const URL_ATTRIBUTES = ["href", "src", "action", "formaction", "xlink:href", "poster", "data"];

/** One inline script as found in a page: its id, the CSP hash of its exact text, the start of that text. */
export type PageScript = { id: string | null; hash: string; preview: string };

/** A page as HTML, or as its elements when the caller has parsed it already. */
export type PageSource = string | readonly HtmlElement[];

/** What the policy of a page depends on, small enough to keep between builds for every page. */
export type PageFacts = {
  /** Its inline scripts, each by id, hash and first characters. */
  scripts: PageScript[];
  /** Script no hash can allow: event-handler attributes and javascript: URLs, one line each. */
  elementProblems: string[];
};

const elementsOf = (page: PageSource) => (typeof page === "string" ? parseHtml(page) : page);

/** The CSP source expression for a script body: 'sha256-<base64>' of its exact text. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** A script as the policy sees it: its id, the hash of its text, and the start of that text for messages. */
export function pageScript(id: string | null, body: string): PageScript {
  return { id, hash: scriptHash(body), preview: body.trim().slice(0, 80) };
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
    .map((el) => pageScript(el.attributes["id"] ?? null, el.text));
}

/** How a problem names a script: its id, hash and first characters. */
export function describeScript(script: PageScript): string {
  const id = script.id === null ? "" : `#${script.id} `;
  return `${id}${script.hash}: ${script.preview}`;
}

/**
 * A URL's scheme as a browser reads it: C0 controls and spaces in front dropped, tabs and newlines anywhere
 * dropped, lower case; "" when it has none. (Pages carry hundreds of links: no allocation for most.)
 */
function scheme(url: string): string {
  const colon = url.indexOf(":");
  if (colon < 0) return "";
  let out = "";
  for (let i = 0; i < colon; i += 1) {
    const code = url.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || code === 0x0d || (out === "" && code <= 0x20)) continue;
    out += url[i];
  }
  return `${out.toLowerCase()}:`;
}

/** How a problem names an element: its start tag as parsed. */
function describeElement(el: HtmlElement): string {
  const attributes = Object.entries(el.attributes).map(([name, value]) => `${name}="${value}"`);
  return `<${[el.name, ...attributes].join(" ")}>`.slice(0, 80);
}

/** The facts of a page's policy, read from its HTML or its parsed elements. */
export function pageFacts(page: PageSource): PageFacts {
  const elements = elementsOf(page);
  const elementProblems: string[] = [];
  for (const el of elements) {
    const names = Object.keys(el.attributes);
    if (names.some((name) => name.startsWith("on") && /^on[a-z]+$/.test(name))) {
      elementProblems.push(`inline event handler: ${describeElement(el)}`);
    } else if (
      URL_ATTRIBUTES.some((name) => scheme(el.attributes[name] ?? "") === "javascript:")
    ) {
      elementProblems.push(`javascript: URL: ${describeElement(el)}`);
    }
  }
  return { scripts: inlineScripts(elements), elementProblems };
}

const isFacts = (page: PageSource | PageFacts): page is PageFacts =>
  typeof page === "object" && "elementProblems" in page;

/**
 * Why the page would not run as built under its policy: an inline script the build did not write (when
 * `writtenByBuild` is given), one whose hash the policy lacks, or script a hash can never allow
 * (event-handler attributes, javascript: URLs). Empty when the page is fine.
 */
export function policyProblems(
  page: PageSource | PageFacts,
  policy: Policy,
  options: { allowEval?: boolean; writtenByBuild?: (script: PageScript) => boolean } = {},
): string[] {
  const facts = isFacts(page) ? page : pageFacts(page);
  const problems: string[] = [];
  const allowed = new Set(effectiveSources(policy, "script-src") ?? []);
  if (allowed.has("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
  if (allowed.has("'unsafe-eval'") && !options.allowEval) {
    problems.push("script-src allows 'unsafe-eval'");
  }
  for (const script of facts.scripts) {
    if (options.writtenByBuild && !options.writtenByBuild(script)) {
      problems.push(`inline script the build did not write, ${describeScript(script)}`);
    } else if (!allowed.has(script.hash)) {
      problems.push(`inline script not in script-src, ${describeScript(script)}`);
    }
  }
  return [...problems, ...facts.elementProblems];
}
