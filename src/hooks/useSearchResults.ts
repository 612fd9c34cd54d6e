/** The results of what the visitor has typed: searched once they pause, a later answer never replaced by an earlier one. */
import * as React from "react";
import { searchSite, type SearchAnswer } from "../clients/siteSearch";

export type SearchState =
  | { status: "idle" }
  | { status: "searching"; previous: SearchAnswer | null }
  | { status: "done"; answer: SearchAnswer }
  | { status: "failed" };

/** How long typing pauses before a search starts: each keystroke would otherwise be a query. */
const PAUSE_MS = 120;

export function useSearchResults(term: string, limit: number): SearchState {
  const [state, setState] = React.useState<SearchState>({ status: "idle" });
  React.useEffect(() => {
    if (term.trim() === "") {
      setState({ status: "idle" });
      return undefined;
    }
    let live = true;
    setState((current) => ({
      status: "searching",
      previous:
        current.status === "done"
          ? current.answer
          : current.status === "searching"
            ? current.previous
            : null,
    }));
    const timer = window.setTimeout(() => {
      searchSite(term, limit).then(
        (answer) => {
          if (live) setState({ status: "done", answer });
        },
        () => {
          if (live) setState({ status: "failed" });
        },
      );
    }, PAUSE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [term, limit]);
  return state;
}
