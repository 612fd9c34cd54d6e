/**
 * Site search as data: where its results page is, what a page in the index carries, and what an empty search
 * suggests. In every page's first load (the header's control, the layout): no route registry here (searchSections.ts).
 */

/** The results page a link (or the dialog's "all results") can point to: `/search/?q=…`. */
export const SEARCH_PATH = "/search/";
/** The query parameter of the results page. */
export const SEARCH_QUERY_PARAM = "q";
/** Where the build writes the index and Pagefind's browser code (public/pagefind/), as the browser asks for it. */
export const SEARCH_BUNDLE_PATH = "/pagefind/";

/** The results page's address for a search. */
export const searchPageUrl = (term: string): string =>
  `${SEARCH_PATH}?${new URLSearchParams({ [SEARCH_QUERY_PARAM]: term.trim() }).toString()}`;

/** The search a results page's address asks for ("" when none). */
export const searchTermOf = (search: string): string =>
  (new URLSearchParams(search).get(SEARCH_QUERY_PARAM) ?? "").trim().slice(0, 200);

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
  const meta = [
    `section[${SEARCH_SECTION_ATTRIBUTE}]`,
    ...(title ? [`title[${SEARCH_TITLE_ATTRIBUTE}]`] : []),
  ];
  return {
    "data-pagefind-body": "",
    "data-pagefind-meta": meta.join(", "),
    [SEARCH_SECTION_ATTRIBUTE]: section,
    ...(title ? { [SEARCH_TITLE_ATTRIBUTE]: title } : {}),
  };
}

/** Offered when a search is empty or finds nothing: the pages most visitors come for. */
export const SEARCH_SUGGESTIONS: ReadonlyArray<{
  title: string;
  path: string;
  section: SearchSection;
}> = [
  { title: "Pricing", path: "/pricing/", section: "Pricing" },
  { title: "Device identification", path: "/products/identification/", section: "Product" },
  { title: "Bot detection", path: "/products/bot-detection/", section: "Product" },
  { title: "Payment fraud", path: "/payment-fraud/", section: "Use case" },
  { title: "Blog", path: "/blog/", section: "Resources" },
  { title: "Case studies", path: "/case-studies/", section: "Case study" },
];
