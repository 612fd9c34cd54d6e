/** The CMS collections of marketing pages (one per folder of content/pages; tests/unit/cms checks the list). */
export const PAGE_COLLECTIONS = [
  "pages",
  "pages-company",
  "pages-comparisons",
  "pages-conversion",
  "pages-legal",
  "pages-platform",
  "pages-products",
  "pages-resources",
  "pages-sectors",
  "pages-solutions",
] as const;
