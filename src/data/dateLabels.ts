/** The dates and times pages show, as text: written once at build time (GraphQL resolvers) and by the CMS preview. */
import { site } from "../config/site";

// Intl is fine here because no visitor's page runs this module: the build resolves `dateLabel` and
// `timeLabel` into the page data (src/gatsby/createResolvers.ts), so hydrating a post never builds a
// formatter; only the CMS preview, which has no GraphQL, calls these in the browser. The site's time zone
// (src/config/site.ts) and explicit locales, so the text never depends on the machine that renders it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, locale: string, options: Intl.DateTimeFormatOptions) {
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: site.timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** The day in the post's language: "March 25, 2025" (any locale but pt-BR) or "25 de março de 2025". */
export function dateLabel(iso: string, locale: string = "en"): string {
  const language = locale === "pt-BR" ? "pt-BR" : "en-US";
  return formatter(`date:${language}`, language, { dateStyle: "long" }).format(new Date(iso));
}

/** The time of day in English with its zone: "10:00 AM CDT" (a live webinar's start). */
export function timeLabel(iso: string): string {
  return formatter("time", "en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}
