/**
 * The visitor's recent visits, loaded from the site's visits function once the visitor is identified.
 * The function answers only for an identification this browser just made: it reads the event the
 * request id names and checks that it is young and came from the same address.
 */
import * as React from "react";
import { identificationConfig } from "../../config/identification";
import { readVisits, type Visit } from "../../providers/identification/result";

export type VisitsState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "loaded"; visits: Visit[]; more: boolean }
  | { status: "error" };

export function useVisits(
  visitorId: string | undefined,
  requestId: string | undefined,
): VisitsState {
  const [state, setState] = React.useState<VisitsState>({ status: "idle" });
  React.useEffect(() => {
    if (!visitorId || !requestId) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    // A random 4-character path routed by header (or a fixed one where the host cannot).
    fetch(identificationConfig.visitsPath, {
      headers: {
        "x-vercel-function": "visits",
        "x-visitor-id": visitorId,
        // The proof: this round's identification, fresh every time (the agent's cache is bypassed).
        "x-request-id": requestId,
        accept: "application/json",
      },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const { visits, more } = readVisits(await response.json());
        if (live) setState({ status: "loaded", visits, more });
      })
      .catch(() => {
        if (live) setState({ status: "error" });
      });
    return () => {
      live = false;
    };
    // A new request id (refresh) reloads the history too.
  }, [visitorId, requestId]);
  return state;
}
