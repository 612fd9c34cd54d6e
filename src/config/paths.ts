/**
 * Path spelling shared by the page head and the route table: the trailing slash Gatsby gives every
 * page, and the product's own page.
 */
import { site } from "./site";

/** The product page of the product itself, /products/{product}-pro/ (e.g. /products/fingerprint-pro/). */
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
