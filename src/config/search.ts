/**
 * Site search as data, the part in every page's first load (the header's control, the layout): where the results
 * page is and what a page in the index carries. What only the dialog and the results page need is
 * searchLinks.ts; the section of each page is decided at build time (searchSections.ts).
 */

/** The results page a link (or the dialog's "all results") can point to: `/search/?q=…`. */
export const SEARCH_PATH = "/search/";

/** What a result says it is, next to its title. */
export type SearchSection =
  | "Blog"
  | "Case study"
  | "Webinar"
  | "Product"
  | "Use case"
  | "Pricing"
  | "Developers"
  | "Company"
  | "Careers"
  | "Contact"
  | "Resources";

/** What a page's context says of it in the site search (src/gatsby/createPages.ts); a page without one is never found. */
export type PageSearch = { section: SearchSection; title?: string | null };

/** The attributes a page's main element carries its section and result title in, which Pagefind reads as meta. */
export const SEARCH_SECTION_ATTRIBUTE = "data-search-section";
export const SEARCH_TITLE_ATTRIBUTE = "data-search-title";

/**
 * The attributes that put a page's main content into the index (Pagefind reads them from the built HTML), or
 * none for a page that must never be found (noindex, hidden, a variant's own route, the 404 and 500 pages, listings).
 * A result's title is the page's first heading unless `title` is given (a marketing page, whose hero heading is
 * a slogan, gives its title). Values are read from attributes of their own: a static `key:value` in Pagefind's
 * meta list runs to its end, commas included.
 */
export function searchIndexAttributes(search: PageSearch | null): Record<string, string> {
  if (search === null) return {};
  const { section, title } = search;
  const attributes: Record<string, string> = {
    "data-pagefind-body": "",
    "data-pagefind-meta": `section[${SEARCH_SECTION_ATTRIBUTE}]`,
    [SEARCH_SECTION_ATTRIBUTE]: section,
  };
  if (!title) return attributes;
  attributes["data-pagefind-meta"] += `, title[${SEARCH_TITLE_ATTRIBUTE}]`;
  attributes[SEARCH_TITLE_ATTRIBUTE] = title;
  return attributes;
}
