/** schema.org JSON-LD for articles and breadcrumbs, serialised safely for a <script> tag. */

export interface Crumb {
  label: string;
  /** Site path; the last crumb (the current page) may omit it. */
  href?: string;
}

const absolute = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;

export function breadcrumbList(
  origin: string,
  crumbs: readonly Crumb[],
  currentPath: string,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absolute(origin, crumb.href ?? currentPath),
    })),
  };
}

export interface ArticleInput {
  headline: string;
  description: string;
  path: string;
  datePublished: string;
  dateModified?: string | null;
  /** An author without a page (no listed post) has no `path`. */
  authors: ReadonlyArray<{ name: string; path?: string | null }>;
  image?: string | null;
  inLanguage: string;
  publisherName: string;
}

export function article(origin: string, input: ArticleInput): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: input.headline,
    description: input.description,
    mainEntityOfPage: absolute(origin, input.path),
    url: absolute(origin, input.path),
    datePublished: input.datePublished,
    dateModified: input.dateModified ?? input.datePublished,
    inLanguage: input.inLanguage,
    author: input.authors.map((author) => ({
      "@type": "Person",
      name: author.name,
      ...(author.path ? { url: absolute(origin, author.path) } : {}),
    })),
    publisher: { "@type": "Organization", name: input.publisherName, url: origin },
    ...(input.image ? { image: absolute(origin, input.image) } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: "<" is escaped so no string can close the tag. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
