/** Which locations get a `Web Page Viewed` event (SPEC §2) and what it carries (SPEC §3). */
import { categoryFor, type RouteCategory } from "../../config/routes";

/** Letters, digits, slashes and hyphens only: no query, no `%`, no dots, nothing else. */
export const TRACKABLE_PATH = /^[A-Za-z0-9/-]+$/;

export type PageLocation = { href: string; host: string; pathname: string; search: string };

/** True when the path (and any query it came with) may be reported. */
export function isTrackablePath(pathname: string, search = ""): boolean {
  return search === "" && TRACKABLE_PATH.test(pathname);
}

export type PageViewFlags = {
  botDetected: boolean;
  vmDetected: boolean;
  signupOptionsShown: boolean;
};

export type WebPageViewedProperties = PageViewFlags & {
  "page domain": string;
  "page location": string;
  "page path": string;
  "page title": string;
  "page url": string;
  "page category"?: RouteCategory;
};

/** The event's properties, or null when the path must not be reported. */
export function pageViewProperties(
  location: PageLocation,
  title: string,
  flags: PageViewFlags,
): WebPageViewedProperties | null {
  if (!isTrackablePath(location.pathname, location.search)) return null;
  const category = categoryFor(location.pathname);
  const url = new URL(location.href);
  return {
    "page domain": location.host,
    "page location": location.href,
    "page path": location.pathname,
    "page title": title,
    "page url": `${url.origin}${url.pathname}`,
    ...(category ? { "page category": category } : {}),
    ...flags,
  };
}
