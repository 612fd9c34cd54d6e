// Mozilla's HTTP Observatory scoring (httpobs/docs/scoring.md, 2024-02-27 table) applied to one
// response: its headers, and its HTML for the Subresource Integrity test. Redirection and the HSTS
// preload list need the live host, so they count as passing with no bonus (hosts redirect to https).

export type Scored = { test: string; result: string; modifier: number };
export type Score = { score: number; results: Scored[] };

const MODIFIERS: Readonly<Record<string, number>> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-header-invalid": -25,
  "csp-not-implemented": -25,
  "cookies-not-found": 0,
  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
  "cross-origin-resource-sharing-implemented-with-universal-access": -50,
  "redirection-to-https": 0,
  "referrer-policy-private": 5,
  "referrer-policy-no-referrer-when-downgrade": 0,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "sri-implemented-and-all-scripts-loaded-securely": 5,
  "sri-implemented-and-external-scripts-loaded-securely": 5,
  "sri-not-implemented-response-not-html": 0,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-but-external-scripts-loaded-securely": -5,
  "sri-implemented-but-external-scripts-not-loaded-securely": -20,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,
  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,
};

const BROAD = [
  "ftp:",
  "http:",
  "https:",
  "*",
  "http://*",
  "http://*.*",
  "https://*",
  "https://*.*",
];
const UNSAFE_INLINE = ["'unsafe-inline'", "data:"];
const HASHES = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];

/** Directive → sources; null when the header cannot be parsed (repeated directive, too short). */
function parseCsp(text: string): Map<string, Set<string>> | null {
  const cleaned = text.replace(/[\r\n]/g, "").trim();
  if (cleaned.length < "img-src".length - 1) return null;
  const csp = new Map<string, Set<string>>();
  for (const part of cleaned.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (!name) continue;
    if (csp.has(name)) return null;
    csp.set(name, new Set(sources.length ? sources.map((s) => s.toLowerCase()) : ["'none'"]));
  }
  return csp;
}

function cspResult(headers: Record<string, string>): { result: string; frameAncestors: boolean } {
  const header = headers["content-security-policy"];
  if (header === undefined) return { result: "csp-not-implemented", frameAncestors: false };
  const csp = parseCsp(header);
  if (!csp) return { result: "csp-header-invalid", frameAncestors: false };
  const get = (name: string) => csp.get(name);
  const scriptSrc = new Set(get("script-src") ?? get("default-src") ?? ["*"]);
  const styleSrc = new Set(get("style-src") ?? get("default-src") ?? ["*"]);
  const objectSrc = get("object-src") ?? get("default-src") ?? new Set(["*"]);
  for (const list of [scriptSrc, styleSrc]) {
    if ([...list].some((s) => HASHES.some((h) => s.startsWith(h)))) list.delete("'unsafe-inline'");
  }
  const passive = ["img-src", "media-src"];
  const active = [
    ...[...csp]
      .filter(([d]) => !passive.includes(d) && d !== "script-src")
      .flatMap(([, s]) => [...s]),
    ...scriptSrc,
  ];
  const passiveSources = passive.flatMap((d) => [...(get(d) ?? get("default-src") ?? [])]);
  const hasAny = (set: Iterable<string>, list: string[]) => [...set].some((s) => list.includes(s));
  let result: string | null = null;
  const first = (candidate: string) => (result ??= candidate);
  if (hasAny(scriptSrc, [...BROAD, ...UNSAFE_INLINE]) || hasAny(objectSrc, BROAD)) {
    first("csp-implemented-with-unsafe-inline");
  }
  // Scored as the https host it is deployed on.
  if (active.some((s) => s.includes("http:") || s.includes("ftp:"))) {
    first("csp-implemented-with-insecure-scheme");
  }
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) {
    first("csp-implemented-with-unsafe-eval");
  }
  if (passiveSources.some((s) => s.includes("http:") || s.includes("ftp:"))) {
    first("csp-implemented-with-insecure-scheme-in-passive-content-only");
  }
  if (hasAny(styleSrc, [...BROAD, ...UNSAFE_INLINE])) {
    first("csp-implemented-with-unsafe-inline-in-style-src-only");
  }
  const defaultSrc = get("default-src");
  first(
    defaultSrc && defaultSrc.size === 1 && defaultSrc.has("'none'")
      ? "csp-implemented-with-no-unsafe-default-src-none"
      : "csp-implemented-with-no-unsafe",
  );
  return { result: result ?? "csp-header-invalid", frameAncestors: csp.has("frame-ancestors") };
}

function referrerResult(value: string | undefined): string {
  if (value === undefined) return "referrer-policy-not-implemented";
  const good = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const bad = ["origin", "origin-when-cross-origin", "unsafe-url"];
  const tokens = value
    .toLowerCase()
    .split(",")
    .map((t) => t.trim());
  const last = tokens
    .filter((t) => [...good, ...bad, "no-referrer-when-downgrade"].includes(t))
    .pop();
  if (last && good.includes(last)) return "referrer-policy-private";
  if (last === "no-referrer-when-downgrade") return "referrer-policy-no-referrer-when-downgrade";
  if (last && bad.includes(last)) return "referrer-policy-unsafe";
  return "referrer-policy-header-invalid";
}

function hstsResult(value: string | undefined): string {
  if (value === undefined) return "hsts-not-implemented";
  if (value.includes(",")) return "hsts-header-invalid";
  const maxAge = /(?:^|;)\s*max-age=(\d+)/i.exec(value)?.[1];
  if (!maxAge) return "hsts-header-invalid";
  return Number(maxAge) < 15552000
    ? "hsts-implemented-max-age-less-than-six-months"
    : "hsts-implemented-max-age-at-least-six-months";
}

/** Scripts with a src on the page; same-origin ones count as secure on an https host. */
function sriResult(html: string | null): string {
  if (html === null) return "sri-not-implemented-response-not-html";
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((m) => m[1] ?? "")
    .filter((attrs) => /\ssrc=/i.test(attrs));
  if (scripts.length === 0) return "sri-not-implemented-but-no-scripts-loaded";
  const parsed = scripts.map((attrs) => {
    const src = /\ssrc="([^"]*)"/i.exec(attrs)?.[1] ?? "";
    return {
      external: /^(?:[a-z]+:)?\/\//i.test(src),
      secure: !src.startsWith("http:"),
      sri: /\sintegrity=/i.test(attrs),
    };
  });
  const external = parsed.filter((s) => s.external);
  const allSri = parsed.every((s) => s.sri);
  if (external.some((s) => !s.secure)) {
    return allSri
      ? "sri-implemented-but-external-scripts-not-loaded-securely"
      : "sri-not-implemented-and-external-scripts-not-loaded-securely";
  }
  if (allSri) {
    return external.length
      ? "sri-implemented-and-external-scripts-loaded-securely"
      : "sri-implemented-and-all-scripts-loaded-securely";
  }
  return external.some((s) => !s.sri)
    ? "sri-not-implemented-but-external-scripts-loaded-securely"
    : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
}

/** Scores one response. Header names must be lower case. */
export function observatoryScore(headers: Record<string, string>, html: string | null): Score {
  const csp = cspResult(headers);
  const xfo = headers["x-frame-options"]?.trim().toLowerCase();
  const results: Array<[string, string]> = [
    ["content-security-policy", csp.result],
    ["cookies", "cookies-not-found"],
    [
      "cross-origin-resource-sharing",
      headers["access-control-allow-origin"] === undefined
        ? "cross-origin-resource-sharing-not-implemented"
        : headers["access-control-allow-origin"].trim() === "*"
          ? "cross-origin-resource-sharing-implemented-with-universal-access"
          : "cross-origin-resource-sharing-implemented-with-restricted-access",
    ],
    ["redirection", "redirection-to-https"],
    ["referrer-policy", referrerResult(headers["referrer-policy"])],
    ["strict-transport-security", hstsResult(headers["strict-transport-security"])],
    ["subresource-integrity", sriResult(html)],
    [
      "x-content-type-options",
      headers["x-content-type-options"] === undefined
        ? "x-content-type-options-not-implemented"
        : headers["x-content-type-options"].trim().toLowerCase() === "nosniff"
          ? "x-content-type-options-nosniff"
          : "x-content-type-options-header-invalid",
    ],
    [
      "x-frame-options",
      csp.frameAncestors
        ? "x-frame-options-implemented-via-csp"
        : xfo === undefined
          ? "x-frame-options-not-implemented"
          : xfo === "deny" || xfo === "sameorigin"
            ? "x-frame-options-sameorigin-or-deny"
            : "x-frame-options-header-invalid",
    ],
  ];
  const scored = results.map(([test, result]) => {
    const modifier = MODIFIERS[result];
    if (modifier === undefined) throw new Error(`No modifier for ${result}`);
    return { test, result, modifier };
  });
  // Penalties first; bonuses only count if the site still has an A (90) without them.
  const base = 100 + scored.filter((s) => s.modifier < 0).reduce((sum, s) => sum + s.modifier, 0);
  const bonus = scored.filter((s) => s.modifier > 0).reduce((sum, s) => sum + s.modifier, 0);
  return { score: Math.max(0, base >= 90 ? base + bonus : base), results: scored };
}
