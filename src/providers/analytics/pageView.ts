/** Which locations get a `Web Page Viewed` event and what it carries. */
import { categoryFor, type RouteCategory } from "../../config/routes";

/** Letters, digits, slashes and hyphens only: no `%`, no dots, nothing else. The query is not part of it. */
export const TRACKABLE_PATH = /^[A-Za-z0-9/-]+$/;

/** Campaign keys a query may bring along (utm_source, utm_campaign, …); every other key is dropped. */
export const UTM_KEY = /^utm_[A-Za-z0-9_]{1,40}$/;
/** Longest campaign value kept, like the SDK's cap on captured text. */
export const UTM_VALUE_MAX = 255;

export type PageLocation = { href: string; host: string; pathname: string; search: string };

/** True when the path may be reported; a query string never decides it (campaign landings count). */
export function isTrackablePath(pathname: string): boolean {
  return TRACKABLE_PATH.test(pathname);
}

/**
 * The `utm_*` pairs of a query string, first value of each key, in their order. Other keys are left
 * out because a query can carry an email address, a token or a search a visitor typed.
 */
export function utmParameters(search: string): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (UTM_KEY.test(key) && !(key in kept)) kept[key] = value.slice(0, UTM_VALUE_MAX);
  }
  return kept;
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
} & { [utm: `utm_${string}`]: string };

/** The event's properties, or null when the path must not be reported. */
export function pageViewProperties(
  location: PageLocation,
  title: string,
  flags: PageViewFlags,
): WebPageViewedProperties | null {
  if (!isTrackablePath(location.pathname)) return null;
  const category = categoryFor(location.pathname);
  const url = `${new URL(location.href).origin}${location.pathname}`;
  const utm = utmParameters(location.search);
  const query = new URLSearchParams(utm).toString();
  return {
    "page domain": location.host,
    // The address as landed on, minus everything but the campaign keys (and minus any #fragment).
    "page location": query ? `${url}?${query}` : url,
    "page path": location.pathname,
    "page title": title,
    "page url": url,
    ...(category ? { "page category": category } : {}),
    ...utm,
    ...flags,
  };
}
