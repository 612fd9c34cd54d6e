/**
 * What the search dialog and the results page need of the site search (their own chunks, never the first load):
 * where Pagefind's files are, the results page's address for a search, and what an empty search suggests.
 */
import { SEARCH_PATH, type SearchSection } from "./search";

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
