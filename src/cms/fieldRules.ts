/** The CMS settings a schema cannot carry: slug and name patterns, editor hints, body fields. */
import { reservedSlugs } from "../data/blogSchema";
import { ADDRESS_PLACEHOLDERS, PATH_PLACEHOLDERS } from "../data/content";
import { site } from "../config/site";
import { SEO_LIMITS } from "../data/seo";
import { timeZoneLabel } from "../data/siteTime";
import { FROM_PATH_RULE, TARGET_RULE } from "../data/redirects";
import { nonPagePathLookahead } from "../server/nonPagePaths";
import { SLUG_RULE, type CmsField } from "./fields";

/** A post's slug also keeps clear of the blog's listing routes (checkPostSlug refuses those). */
export const POST_SLUG_PATTERN: [string, string] = [
  `^(?!(?:${[...reservedSlugs].join("|")}|\\d+)$)${SLUG_RULE}$`,
  `Lowercase letters, digits and single hyphens only (like my-post-title), at most 80 characters; not ${[...reservedSlugs].join(", ")} or a number, which the blog's lists use.`,
];

/**
 * A name or label the CMS turns into a file name (`slug: "{{slug}}"`). Decap's ascii slugs keep "_"
 * and "~", which slug() refuses, and a name without a Latin letter makes an empty (or, for a tag, a
 * page-number) slug; so: Latin letters (accented ones too), digits, spaces and plain punctuation.
 */
export const NAME_PATTERN: [string, string] = [
  "^(?=.*[A-Za-z])[A-Za-z0-9\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u017F '’.,&+/()!?:-]+$",
  "Latin letters (at least one), digits, spaces and . , & + / ( ) ! ? : - only (no _ or ~): the name also makes the file name.",
];

export const body = (label = "Body"): CmsField => ({
  label,
  name: "body",
  widget: "markdown",
  sanitize_preview: true,
});

export type CmsCollection = Record<string, unknown> & { name: string; fields?: CmsField[] };

/**
 * The zone every date field is read in, as the hints show it: its name and its offsets from UTC, so an editor in
 * another zone sees which wall clock a time is on (src/data/siteTime.ts reads the dates in it).
 */
export const SITE_TIME_ZONE = `the site's time zone, ${timeZoneLabel(site.timeZone)}`;

/** Editor help for fields whose rules a field setting cannot show. */
export const HINTS: Record<string, string> = {
  slug: "The address of the page, chosen once: it names the file when the entry is first saved, and saving refuses a changed slug after that (the file and the address stay as they are).",
  hero: "Optional. Stored beside the post. A hero image needs its alternative text below.",
  heroAlt:
    "Required when there is a hero image (saving stops without it): what the image shows, for people who cannot see it.",
  photo: "Optional. A square photo or illustration, stored beside the author files.",
  seoTitle: `Optional: the title search results show (they display about ${SEO_LIMITS.title} characters) when the headline is longer. The preview counts it.`,
  description: `What search results show under the title: about ${SEO_LIMITS.description} characters are displayed (the preview counts them).`,
  copyPage:
    "On for pages developers read (SDKs, integrations, code): the page offers Copy page and View as Markdown at its top, for pasting into an AI assistant.",
  socialImage:
    "Optional: an image shared on social networks instead of the card the build draws from the title: a site path (/img/uploads/launch.png) or an https:// address.",
  date: `Publication date and time, in ${SITE_TIME_ZONE}. A date in the future schedules the entry: it is published by the first build after that moment, and until then it appears nowhere on the site.`,
  publishDate: `Optional: when this page goes live, in ${SITE_TIME_ZONE}. A time in the future schedules it; empty publishes it at once.`,
};

/** The redirects' fields (Site settings > Redirects). */
export const REDIRECT_HINTS = {
  from: "The old address, a path of this site such as /demo-request/. It must not be a page the site still has, nor a path of its forms, admin or files.",
  to: "Where visitors go: a page of this site (/contact-sales/) or a full https:// address. Query strings such as ?utm_source= are kept.",
  permanent:
    "On: a permanent move (301/308), search engines pass the old address's standing on. Off: temporary (302/307), for a campaign that may come back.",
};

/** The agents settings' fields (Site settings > Agents: llms.txt, robots.txt's AI preferences, security.txt). */
export const AGENT_HINTS: Record<string, string> = {
  summary:
    "What an AI assistant should know first about the product, in two or three sentences: the blockquote at the top of /llms.txt.",
  details: "Optional: how an assistant should read this site, under the summary.",
  link: "A page of this site ending in / (its Markdown version is linked), or a full https:// address such as {docsUrl}/llms.txt.",
  name: "Optional for a page of this site (its own title is used); required for an outside address.",
  note: "Optional: after the link. A page of this site defaults to its description.",
  newestPosts: "Optional: the blog's newest posts listed after this section's links.",
  search: "Building a search index and showing links and excerpts: yes, no, or unset (no stated preference).",
  aiInput: "Using the pages in an AI answer as it is made (retrieval, grounding): yes, no, or unset.",
  aiTrain: "Training or fine-tuning AI models on the pages: yes, no, or unset.",
  contacts:
    "Where researchers report a vulnerability, most preferred first: mailto:security@{emailDomain}, an https:// address or a page of this site (/security/#disclosure).",
  expiresInDays:
    "security.txt's Expires date is set this many days after each build (at most 364: RFC 9116 asks for less than a year). Keep it longer than the time between builds.",
  preferredLanguages: "Languages reports may be written in, as tags such as en or de.",
  policy: "The disclosure policy: a page of this site (a #part allowed) or an https:// address.",
  acknowledgments: "Optional: where researchers are thanked.",
  hiring: "Optional: security jobs.",
};

/** A webinar's date is its session, not when its page goes live (that is publishDate). */
export const SESSION_DATE_HINT = `The session's start, in ${SITE_TIME_ZONE}. To publish the page later than now, set Publish date.`;

/**
 * The list marks scheduled entries: "{{date | date('[scheduled]')}}" is rendered by the admin's dayjs
 * plugin (src/cms/scheduleMarker.ts) as a marker when the date lies ahead, and as nothing otherwise.
 */
export const scheduledSummary = (field: string, rest: string) =>
  `{{${field} | date('[scheduled]')}}${rest}`;

const token = (placeholder: string) => placeholder.replace(/[{}]/g, "\\$&");
/** A path segment: lowercase letters, digits and hyphens, and placeholders that fill in as such. */
const SEGMENT = `(?:[a-z0-9-]|${PATH_PLACEHOLDERS.map(token).join("|")})+`;
/** A path of this site as the router writes it (navigationSchema's SITE_PATH), placeholders allowed inside. */
const SITE_PATH_RULE = `/(?:${SEGMENT}/)*`;

/** A path of this site, such as a menu entry's link to its use cases. */
export const SITE_PATH_PATTERN: [string, string] = [
  `^${SITE_PATH_RULE}$`,
  "A path of this site ending in / (like /use-cases/ or /products/{productSlug}-pro/).",
];

/**
 * A link's address as the navigation schema takes it once the build has filled in the placeholders: a
 * path of this site (placeholders such as {productSlug} inside it), a full http(s) address, or an address
 * placeholder such as {docsUrl}, followed by nothing or by a path, query or fragment.
 */
export const LINK_PATTERN: [string, string] = [
  `^(?:${SITE_PATH_RULE}|https?://[^\\s/]+(?:/\\S*)?|(?:${ADDRESS_PLACEHOLDERS.map(token).join("|")})(?:[/?#]\\S*)?)$`,
  "A path of this site ending in / (like /pricing/ or /products/{productSlug}-pro/), a full https:// address, or an address placeholder such as {docsUrl} or {demoHubUrl}/playground.",
];

/**
 * A redirect's old address: the build's rule (src/data/redirects.ts), and never a path the functions, the
 * admin or the build's files answer (src/server/nonPagePaths.ts), so an editor sees the refusal while typing.
 */
export const REDIRECT_FROM_PATTERN: [string, string] = [
  `^${nonPagePathLookahead()}${FROM_PATH_RULE}$`,
  "One plain path such as /old-page/ (letters, digits, - . _ ~; no spaces, *, :, !, # or ?), not under /api/, /admin/ or another path of the site's functions and files",
];

/** A redirect's target: the build's rule, or an address placeholder such as {docsUrl} followed by a path. */
export const REDIRECT_TO_PATTERN: [string, string] = [
  `^(?:${TARGET_RULE}|(?:${ADDRESS_PLACEHOLDERS.map(token).join("|")})(?:[/?#][^\\s\\u0000-\\u001f\\u007f-\\u009f\\\\]*)?)$`,
  "A page of this site (/contact-sales/) or a full https:// address, with no spaces or line breaks",
];

/** Applies `patch` to every field called `name`, in nested objects and lists too. */
export function patchDeep(fields: CmsField[], name: string, patch: Partial<CmsField>): CmsField[] {
  return fields.map((field) => ({
    ...field,
    ...(field.name === name ? patch : {}),
    ...(field.fields ? { fields: patchDeep(field.fields, name, patch) } : {}),
  }));
}

/** Applies each patch to the field of that name in a field list. */
export function patchFields(
  fields: CmsField[],
  patches: Record<string, Partial<CmsField>>,
): CmsField[] {
  return fields.map((field) =>
    patches[field.name] ? { ...field, ...patches[field.name] } : field,
  );
}

/** Adds the editor hints to the fields that have one. */
export function withHints(fields: CmsField[]): CmsField[] {
  return fields.map((field) => (HINTS[field.name] ? { ...field, hint: HINTS[field.name] } : field));
}

const hintedLists = new WeakMap<CmsField[], CmsField[]>();

/**
 * Every date field, however deep (objects, lists, typed lists), says which zone its time is in: the hint it has
 * when that hint names the zone, that hint followed by the zone when it does not, and the zone alone when it has
 * none.
 */
export function withTimeZoneHints(fields: CmsField[]): CmsField[] {
  // The same list in, the same list out: collections that share their fields (the page collections) keep
  // sharing them, and config.yml keeps writing them once.
  const done = hintedLists.get(fields);
  if (done) return done;
  const zone = `Date and time in ${SITE_TIME_ZONE}.`;
  const hinted = <F extends CmsField | NonNullable<CmsField["types"]>[number]>(field: F): F => {
    const nested = {
      ...(field.fields ? { fields: withTimeZoneHints(field.fields) } : {}),
      ...(field.field ? { field: hinted(field.field) } : {}),
      ...(field.types ? { types: field.types.map(hinted) } : {}),
    };
    if (field.widget !== "datetime" || field.hint?.includes(site.timeZone))
      return { ...field, ...nested };
    return { ...field, ...nested, hint: field.hint ? `${field.hint} ${zone}` : zone };
  };
  const hintedList = fields.map(hinted);
  hintedLists.set(fields, hintedList);
  return hintedList;
}

/** A collection with every date field's hint naming the zone, its files' fields (Site settings) included. */
export function withTimeZoneHintsIn(collection: CmsCollection): CmsCollection {
  const files = collection["files"] as
    (Record<string, unknown> & { fields: CmsField[] })[] | undefined;
  return {
    ...collection,
    ...(collection.fields ? { fields: withTimeZoneHints(collection.fields) } : {}),
    ...(files
      ? { files: files.map((file) => ({ ...file, fields: withTimeZoneHints(file.fields) })) }
      : {}),
  };
}
