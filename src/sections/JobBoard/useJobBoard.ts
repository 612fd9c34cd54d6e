/** The job board's state kept outside React's tree: filters in the query string, a notice in the history entry. */
import * as React from "react";
import { filtersFromSearch, searchWithFilters, type JobFilters } from "../../data/jobs";

export const NO_FILTERS: JobFilters = { department: null, location: null };

/** A message another page left in the history entry, e.g. the apply page after a bad link. */
function noticeFromHistory(): string | null {
  const state: unknown = window.history.state;
  if (typeof state !== "object" || state === null || !("notice" in state)) return null;
  const { notice, ...rest } = state;
  // Shown once: a reload of the list should not repeat a message about another page.
  window.history.replaceState(rest, "");
  return typeof notice === "string" ? notice : null;
}

/** The notice left for this page, read after mount (the server render has none). */
export function useHistoryNotice(): string | null {
  const [notice, setNotice] = React.useState<string | null>(null);
  React.useEffect(() => setNotice(noticeFromHistory()), []);
  return notice;
}

/** Filters live in the query string; they are read after mount so the server render stays the same. */
export function useUrlFilters(): [JobFilters, (next: JobFilters) => void] {
  const [filters, setFilters] = React.useState<JobFilters>(NO_FILTERS);
  React.useEffect(() => {
    const read = () => setFilters(filtersFromSearch(window.location.search));
    read();
    window.addEventListener("popstate", read);
    return () => window.removeEventListener("popstate", read);
  }, []);
  const update = React.useCallback((next: JobFilters) => {
    setFilters(next);
    const { pathname, search, hash } = window.location;
    // Replace, not push: each change of a select is not a page the Back button should step through.
    window.history.replaceState(
      window.history.state,
      "",
      `${pathname}${searchWithFilters(search, next)}${hash}`,
    );
  }, []);
  return [filters, update];
}
