/** The section each page is listed under in the site search, from its route (read at build time, src/gatsby/createPages.ts). */
import { categoryFor, type RouteCategory } from "./routes";
import type { SearchSection } from "./search";

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
