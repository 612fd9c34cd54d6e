/** The visit-history record: where the visit landed, the pages since, and its campaign values. */
export type VisitHistory = {
  landingPage: string;
  visitedPages: string[];
  previousPage: string;
  utmParams: Record<string, string>;
};

export const MAX_VISITED_PAGES = 20;
export const MAX_COOKIE_BYTES = 4096;
export const HISTORY_DAYS = 30;
const MAX_VALUE_LENGTH = 500;

/** All utm_* query values, plus referral_url when the visitor came from another site. */
export function utmFrom(search: string, referrer: string, ownHost: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (/^utm_[a-z0-9_]{1,40}$/.test(key) && value !== "")
      params[key] = value.slice(0, MAX_VALUE_LENGTH);
  }
  if (referrer) {
    try {
      const url = new URL(referrer);
      const external = url.hostname !== ownHost && !url.hostname.endsWith(`.${ownHost}`);
      if (external && (url.protocol === "https:" || url.protocol === "http:"))
        params.referral_url = url.href.slice(0, MAX_VALUE_LENGTH);
    } catch {
      // Not a URL: no referrer worth keeping.
    }
  }
  return params;
}

/** The record after an in-app navigation to `path` (nothing changes for the same path). */
export function nextHistory(
  previous: VisitHistory | null,
  path: string,
  utm: Record<string, string>,
): VisitHistory {
  if (!previous)
    return { landingPage: path, visitedPages: [path], previousPage: "", utmParams: utm };
  const last = previous.visitedPages[previous.visitedPages.length - 1];
  // A new campaign link replaces the old campaign values; a plain navigation keeps them.
  const utmParams = Object.keys(utm).some((key) => key.startsWith("utm_"))
    ? utm
    : previous.utmParams;
  if (last === path) return { ...previous, utmParams };
  return {
    landingPage: previous.landingPage,
    previousPage: last ?? "",
    visitedPages: [...previous.visitedPages, path].slice(-MAX_VISITED_PAGES),
    utmParams,
  };
}

/** The cookie value, trimmed (oldest pages first, then campaign values) until it fits in 4 KB with its name. */
export function serializeHistory(history: VisitHistory, cookieName: string): string | null {
  let candidate = history;
  const size = (value: VisitHistory) =>
    cookieName.length + 1 + encodeURIComponent(JSON.stringify(value)).length;
  while (size(candidate) > MAX_COOKIE_BYTES && candidate.visitedPages.length > 1) {
    candidate = { ...candidate, visitedPages: candidate.visitedPages.slice(1) };
  }
  if (size(candidate) > MAX_COOKIE_BYTES) candidate = { ...candidate, utmParams: {} };
  if (size(candidate) > MAX_COOKIE_BYTES) return null;
  return JSON.stringify(candidate);
}

/** Reads the cookie back; anything malformed counts as no history. */
export function parseHistory(raw: string | undefined): VisitHistory | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<VisitHistory>;
    if (typeof value.landingPage !== "string" || !Array.isArray(value.visitedPages)) return null;
    return {
      landingPage: value.landingPage,
      visitedPages: value.visitedPages
        .filter((item): item is string => typeof item === "string")
        .slice(-MAX_VISITED_PAGES),
      previousPage: typeof value.previousPage === "string" ? value.previousPage : "",
      utmParams:
        value.utmParams && typeof value.utmParams === "object"
          ? Object.fromEntries(
              Object.entries(value.utmParams).filter(([, item]) => typeof item === "string"),
            )
          : {},
    };
  } catch {
    return null;
  }
}
