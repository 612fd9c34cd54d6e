/**
 * What search results show of a page: its title (about 60 characters before they cut it) and description
 * (about 160). One place says which text each kind of page uses, for the page head, the CMS preview's search
 * result and the test that keeps every entry within the limits.
 */

export const SEO_LIMITS = { title: 60, description: 160 } as const;

export type SeoEntry = {
  title: string;
  seoTitle?: string | null;
  description: string;
  customer?: string | null;
};

export type SeoKind = "post" | "caseStudy" | "webinar" | "page";

/** The page title before the site's " | {product}" (which results may cut): the entry's SEO title. */
export function seoTitleOf(kind: SeoKind, entry: SeoEntry): string {
  if (entry.seoTitle) return entry.seoTitle;
  if (kind === "caseStudy" && entry.customer) return `${entry.customer} case study`;
  if (kind === "webinar") return `${entry.title} (webinar)`;
  return entry.title;
}

/** What is over the limits, in words an editor can act on; empty when the entry fits. */
export function seoProblems(kind: SeoKind, entry: SeoEntry): string[] {
  const title = seoTitleOf(kind, entry);
  return [
    ...(title.length > SEO_LIMITS.title
      ? [
          `title in search results is ${title.length} characters (about ${SEO_LIMITS.title} show): set a shorter SEO title`,
        ]
      : []),
    ...(entry.description.length > SEO_LIMITS.description
      ? [
          `description is ${entry.description.length} characters (about ${SEO_LIMITS.description} show)`,
        ]
      : []),
  ];
}
