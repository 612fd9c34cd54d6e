/** Site search as data: where its results page is, the section each page is listed under, and what an empty search suggests. */
import { categoryFor, type RouteCategory } from "./routes";

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

const SECTION_OF_CATEGORY: Readonly<Record<RouteCategory, SearchSection>> = {
  Homepage: "Product",
  Blog: "Resources",
  Products: "Product",
  "Case Studies": "Case study",
  "Solutions and Use Cases": "Use case",
  About: "Company",
  Contact: "Contact",
  Careers: "Careers",
  Press: "Company",
  FAQ: "Resources",
  "Integrations and SDKs": "Developers",
  Pricing: "Pricing",
  Demo: "Product",
  GitHub: "Developers",
  System: "Company",
  Search: "Company",
};

/** The section a page is listed under: the content families by their prefix, other pages by their route's category. */
export function searchSectionFor(pathname: string): SearchSection {
  if (/^\/blog\/(?!tag\/|author\/|\d+\/)[^/]+\/$/.test(pathname)) return "Blog";
  if (pathname.startsWith("/webinars/")) return "Webinar";
  const category = categoryFor(pathname);
  return category ? SECTION_OF_CATEGORY[category] : "Product";
}

/** The attributes a page's main element carries its section and result title in, which Pagefind reads as meta. */
export const SEARCH_SECTION_ATTRIBUTE = "data-search-section";
export const SEARCH_TITLE_ATTRIBUTE = "data-search-title";

/**
 * The attributes that put a page's main content into the index (Pagefind reads them from the built HTML), or
 * none for a page that must never be found (noindex, hidden, a variant's own route, the 404 and 500 pages).
 * A result's title is the page's first heading unless `title` is given (a marketing page, whose hero heading is
 * a slogan, gives its title). Values are read from attributes of their own: a static `key:value` in Pagefind's
 * meta list runs to its end, commas included.
 */
export function searchIndexAttributes(
  pathname: string,
  indexed: boolean,
  title?: string | null,
): Record<string, string> {
  if (!indexed) return {};
  const meta = [
    `section[${SEARCH_SECTION_ATTRIBUTE}]`,
    ...(title ? [`title[${SEARCH_TITLE_ATTRIBUTE}]`] : []),
  ];
  return {
    "data-pagefind-body": "",
    "data-pagefind-meta": meta.join(", "),
    [SEARCH_SECTION_ATTRIBUTE]: searchSectionFor(pathname),
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
