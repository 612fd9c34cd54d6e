/** Job descriptions: Greenhouse's entity-escaped HTML decoded once, then sanitized before it reaches the page. */
import { decode } from "html-entities";
import sanitizeHtml from "sanitize-html";
import { site } from "../config/site";
import { toJobSummary, type GreenhouseJob, type JobDetail } from "./jobs";

/**
 * What a job description may contain: text structure and links, nothing that runs, loads or
 * styles. Everything else is dropped with its attributes; the text of unknown tags is kept.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "div",
    "span",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page already has its h1 (the job title); a heading inside the description sits below it.
    h1: "h2",
    // Outside links open in a new tab without handing the page a window.opener; no author-set target.
    // A link whose address is not plainly http(s) or mailto becomes text, not a dead, link-styled anchor.
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      const href = rest.href?.trim() ?? "";
      if (/^https?:\/\//i.test(href)) {
        return {
          tagName,
          attribs: { ...rest, href, target: "_blank", rel: "noopener noreferrer" },
        };
      }
      if (/^mailto:/i.test(href)) return { tagName, attribs: { ...rest, href } };
      return { tagName: "span", attribs: {} };
    },
  },
};

/** Sanitizes HTML that is already decoded; idempotent, so sanitized HTML may pass through again. */
export function sanitizeJobHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Greenhouse's `content` field: HTML whose markup is entity-encoded (`&lt;p&gt;`). Decoded exactly
 * once (a second decode would turn the author's literal "&lt;" into markup), then sanitized.
 */
export function jobDescriptionHtml(escaped: string): string {
  return sanitizeJobHtml(decode(escaped));
}

/** Elements whose end separates words: "</li><li>" must not glue two words together. */
const WORD_BREAKS = new Set([
  "p",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "div",
  "td",
  "th",
  "blockquote",
]);

/** Plain text of a description, e.g. for meta descriptions and previews. */
export function jobDescriptionText(html: string, maxLength = 300): string {
  // The sanitizer's parser reads the markup; its text (still entity-encoded) is collected, nothing is kept.
  let collected = "";
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    textFilter: (text) => {
      collected += text;
      return "";
    },
    onOpenTag: (name) => {
      if (name === "br") collected += " ";
    },
    onCloseTag: (name) => {
      if (WORD_BREAKS.has(name)) collected += " ";
    },
  });
  const text = decode(collected).replace(/\s+/g, " ").trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

/** Only https links to a board are passed on: the URL ends up in an href. */
function httpsUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

/** A Greenhouse job as the posting page shows it: the description decoded and sanitized. */
export function toJobDetail(job: GreenhouseJob, applyUrl: string | null): JobDetail {
  return {
    ...toJobSummary(job),
    descriptionHtml: jobDescriptionHtml(job.content ?? ""),
    datePosted: job.first_published ?? job.updated_at,
    validThrough: job.application_deadline ?? null,
    companyName: job.company_name?.trim() || site.companyName,
    postingUrl: httpsUrl(job.absolute_url),
    applyUrl,
  };
}
