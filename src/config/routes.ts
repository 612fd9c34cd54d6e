/** Every hand-written and content-generated route the site answers, with what each page is for. */
import { site } from "./site";

export type RouteCategory =
  | "Homepage"
  | "Blog"
  | "Products"
  | "Case Studies"
  | "Solutions and Use Cases"
  | "About"
  | "Contact"
  | "Careers"
  | "Press"
  | "FAQ"
  | "Integrations and SDKs"
  | "Pricing"
  | "Demo"
  | "GitHub"
  | "System";

export interface RouteEntry {
  /** Canonical path, always with a trailing slash. */
  path: string;
  /** Analytics page category (SPEC §2). */
  category: RouteCategory;
  /** Left out of the sitemap and marked noindex. */
  noindex?: boolean;
}

/** Routes built so far; later issues add theirs here. */
export const routes: readonly RouteEntry[] = [
  { path: "/", category: "Homepage" },
  { path: "/home-a/", category: "Homepage" },
  { path: "/home-b/", category: "Homepage" },
  { path: "/500/", category: "System", noindex: true },
];

/** The product page path for the product itself, e.g. /products/fingerprint-pro/. */
export const productProPath = `/products/${site.productSlug}-pro/`;

/** Adds the trailing slash Gatsby uses for every page (query and hash kept). */
export function withTrailingSlash(path: string): string {
  const match = /^([^?#]*)(.*)$/.exec(path);
  const pathname = match?.[1] ?? path;
  const rest = match?.[2] ?? "";
  if (pathname === "" || pathname.endsWith("/")) return path;
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  if (lastSegment.includes(".")) return path;
  return `${pathname}/${rest}`;
}
