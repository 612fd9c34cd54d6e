/**
 * Redirects as content (content/settings/redirects.yml): the schema, the checks the build makes against the
 * pages it built, chains collapsed to one hop, and each host's form of the result. Netlify reads
 * public/_redirects (301/302, forced), the Node server reads that same file (301/302), Vercel gets routes in
 * its Build Output (308/307). Every host keeps the request's query string.
 *
 * Each value is data, never text a host parses: an old address is one plain path (no space, control
 * character, `*`, `:`, `!`, `#` or query, which `_redirects` would read as a splat, a placeholder, a forced
 * status, a comment or a condition), a target is one path or http(s) URL without space or control characters,
 * percent-encoded once here, and the hosts' files are written from those checked values only.
 */
import { z } from "zod";
import { parseContent } from "./blogSchema";

export const REDIRECTS_FILE = "content/settings/redirects.yml";

/**
 * An old address, as a regular expression's source without anchors: slash-separated segments of letters,
 * digits and `-` `.` `_` `~`, no `.` or `..` segment, no empty one. The CMS field uses the same source.
 */
export const FROM_PATH_RULE = "/(?:(?!\\.\\.?(?:/|$))[A-Za-z0-9._~-]+/?)*";

/**
 * A target, as a regular expression's source without anchors: a path of this site (not `//`) or an
 * http(s) URL, then no whitespace, control character or backslash (hosts and browsers read a backslash
 * as a slash).
 */
export const TARGET_RULE =
  "(?:/(?!/)|[hH][tT][tT][pP][sS]?://[^\\s/?#@\\\\]+(?:[/?#]|$))[^\\s\\u0000-\\u001f\\u007f-\\u009f\\\\]*";

const FROM = new RegExp(`^${FROM_PATH_RULE}$`);
const TARGET = new RegExp(`^${TARGET_RULE}$`);

export const FROM_MESSAGE =
  "must be one path of this site, like /old-page/: letters, digits and - . _ ~ between single slashes (no spaces, *, :, !, #, ? or query)";
export const TARGET_MESSAGE =
  "must be a path of this site (/new-page/) or an absolute http(s) URL, without spaces or control characters";

/** The bytes of a character as %XX escapes. */
const escapeChar = (char: string) =>
  [...new TextEncoder().encode(char)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
    .join("");

/**
 * The part of a target after its origin, percent-encoded once: what a URL may carry stays (an existing `%XX`
 * too), anything else is escaped, and so are `:` and `*` (placeholders and splats to Netlify) and any `#`
 * after the first.
 */
function encodeRest(rest: string): string {
  let out = "";
  let inFragment = false;
  for (let at = 0; at < rest.length; ) {
    const char = String.fromCodePoint(rest.codePointAt(at) ?? 0);
    at += char.length;
    if (char === "%" && /^[0-9A-Fa-f]{2}$/.test(rest.slice(at, at + 2))) out += char;
    else if (char === "#" && !inFragment) {
      inFragment = true;
      out += char;
    } else if (/^[A-Za-z0-9\-._~!$&'()+,;=@/?]$/.test(char)) out += char;
    else out += escapeChar(char);
  }
  return out;
}

/** A checked target, percent-encoded: the form every host's file and every Location carries. */
export type RedirectTarget = string & z.$brand<"RedirectTarget">;
/** A checked old address. */
export type RedirectFrom = z.infer<typeof sitePath>;

/** `to` as every host writes it, or null when it is not a target (the schema's rule, then the URL parser's). */
export function encodeTarget(to: string): RedirectTarget | null {
  if (!TARGET.test(to)) return null;
  if (to.startsWith("/")) return encodeRest(to) as RedirectTarget;
  const origin = /^[^:]+:\/\/[^/?#]+/.exec(to)?.[0] ?? "";
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  // A user name or password in a redirect's target only serves to disguise where it goes.
  if (url.username || url.password || url.hostname === "") return null;
  return `${url.protocol}//${url.host}${encodeRest(to.slice(origin.length))}` as RedirectTarget;
}

const sitePath = z
  .string()
  .trim()
  .refine((value) => FROM.test(value), FROM_MESSAGE)
  .brand<"RedirectFrom">();
// Checked here, encoded when the rules are made (resolveRedirects): the editor's own spelling stays in the file.
const target = z
  .string()
  .trim()
  .refine((value) => encodeTarget(value) !== null, TARGET_MESSAGE);

export const redirectEntrySchema = z.strictObject({
  /** The old address, a path of this site. */
  from: sitePath,
  /** Where it goes: a page this build makes, or an absolute http(s) URL. */
  to: target,
  /** Permanent (301/308, search engines move the old address's standing) unless set to false. */
  permanent: z.boolean().default(true),
});

export const redirectsSchema = z.strictObject({
  redirects: z.array(redirectEntrySchema).default([]),
});

export type RedirectEntry = z.infer<typeof redirectEntrySchema>;
export type RedirectRule = { from: RedirectFrom; to: RedirectTarget; permanent: boolean };

/** The path with the trailing slash every page of this site has ("/old" and "/old/" are one address). */
export const slashed = <T extends string>(pathname: T): T =>
  (pathname.endsWith("/") ? pathname : `${pathname}/`) as T;
const pathOf = (to: string) => to.split(/[?#]/)[0] ?? to;
const isAbsolute = (to: string) => /^https?:\/\//i.test(to);

export function parseRedirects(data: unknown, source = REDIRECTS_FILE): RedirectEntry[] {
  return parseContent(redirectsSchema, data ?? {}, source).redirects;
}

/**
 * Why an old address is not free for a redirect (a path the functions, the admin or the build's files
 * answer), or null. The build passes src/server/nonPagePaths.ts and the files it wrote.
 */
export type PathClaim = (pathname: RedirectFrom) => string | null;

/**
 * The rules each host gets, chains followed to their end (one hop for every old address), or the problems
 * that must fail the build, each naming its entry: a duplicate `from`, a `from` that is a live page or
 * that something else answers, a loop, a `to` that is neither a page this build makes nor an absolute URL.
 * `pages` are the built paths.
 */
export function resolveRedirects(
  entries: readonly RedirectEntry[],
  pages: ReadonlySet<string>,
  claimed: PathClaim,
): { rules: RedirectRule[]; problems: string[] } {
  const problems: string[] = [];
  const byFrom = new Map<string, RedirectEntry>();
  const name = (entry: RedirectEntry, index: number) =>
    `${REDIRECTS_FILE} redirects[${index}] (from ${entry.from} to ${entry.to})`;
  entries.forEach((entry, index) => {
    const from = slashed(entry.from);
    const claim = claimed(from) ?? claimed(entry.from.replace(/\/$/, "") as RedirectFrom);
    if (byFrom.has(from))
      problems.push(`${name(entry, index)}: another redirect already starts from ${from}`);
    else if (pages.has(from))
      problems.push(
        `${name(entry, index)}: ${from} is a live page; remove the page or the redirect`,
      );
    else if (claim !== null) problems.push(`${name(entry, index)}: ${from} is ${claim}`);
    else byFrom.set(from, entry);
  });
  const rules: RedirectRule[] = [];
  entries.forEach((entry, index) => {
    const from = slashed(entry.from);
    if (byFrom.get(from) !== entry) return;
    let to = entry.to;
    let permanent = entry.permanent;
    const seen = new Set<string>([from]);
    for (;;) {
      const next = isAbsolute(to) ? undefined : byFrom.get(slashed(pathOf(to)));
      if (!next) break;
      const at = slashed(pathOf(to));
      if (seen.has(at)) {
        problems.push(`${name(entry, index)}: the redirects loop (${[...seen, at].join(" → ")})`);
        return;
      }
      seen.add(at);
      // A temporary hop anywhere keeps the whole chain temporary: the old address may come back.
      permanent = permanent && next.permanent;
      to = next.to;
    }
    const encoded = encodeTarget(to);
    if (encoded === null || (!isAbsolute(to) && !pages.has(pathOf(encoded)))) {
      problems.push(
        `${name(entry, index)}: ${to} is not a page this build makes (nor an absolute http(s) URL)`,
      );
      return;
    }
    rules.push({ from, to: encoded, permanent });
  });
  return { rules, problems };
}

/** A rule as the checks left it, or null: the one gate between a value and a host's file or a Location. */
function checkedRule(from: string, to: string, permanent: boolean): RedirectRule | null {
  if (!FROM.test(from) || !from.endsWith("/") || encodeTarget(to) !== to) return null;
  return { from: from as RedirectFrom, to: to as RedirectTarget, permanent };
}

/** Netlify's `_redirects`: each old address in both spellings, 301 or 302, forced (`!`). */
export function renderNetlifyRedirects(rules: readonly RedirectRule[]): string {
  const lines = [
    "# Generated by the build from content/settings/redirects.yml: edit that file (Site settings).",
  ];
  for (const rule of rules) {
    if (!checkedRule(rule.from, rule.to, rule.permanent))
      throw new Error(`A redirect that was not checked reached _redirects: ${JSON.stringify(rule)}`);
    const status = `${rule.permanent ? 301 : 302}!`;
    lines.push(
      `${rule.from} ${rule.to} ${status}`,
      `${rule.from.slice(0, -1)} ${rule.to} ${status}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Reads back what renderNetlifyRedirects wrote (the Node server serves the same file): only lines of exactly
 * that shape, whose values pass the same checks; anything else in the file is not a redirect of ours.
 */
export function parseNetlifyRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of text.split("\n")) {
    const tokens = line.trim().split(/[ \t]+/);
    const [from = "", to = "", status = ""] = tokens;
    if (tokens.length !== 3 || !/^30[12]!$/.test(status)) continue;
    const rule = checkedRule(from, to, status === "301!");
    if (rule) rules.push(rule);
  }
  return rules;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Vercel's Build Output routes: each old address with or without its slash, 308 or 307. */
export function renderVercelRedirects(
  rules: readonly RedirectRule[],
): Array<{ src: string; headers: { Location: string }; status: number }> {
  return rules.map((rule) => {
    if (!checkedRule(rule.from, rule.to, rule.permanent))
      throw new Error(`A redirect that was not checked reached Vercel: ${JSON.stringify(rule)}`);
    return {
      src: `^${escapeRegExp(rule.from.slice(0, -1))}/?$`,
      headers: { Location: rule.to },
      status: rule.permanent ? 308 : 307,
    };
  });
}

/** The Location for a request: the rule's target with the request's query string joined to its own. */
export function redirectLocation(to: string, search: string): string {
  if (!search || search === "?") return to;
  const [beforeHash = to, hash] = to.split("#", 2);
  const joined = `${beforeHash}${beforeHash.includes("?") ? "&" : "?"}${search.replace(/^\?/, "")}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
