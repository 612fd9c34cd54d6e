/**
 * The one place a form's payload context comes from. Visit history and identification are filled by
 * their providers when those exist; until then those fields are sent empty (a lead may carry them empty), while the
 * country comes from GET /api/get-country.
 */
import * as React from "react";
import { loadCountry } from "../providers/consent/country";
import {
  emptyLeadContext,
  LeadContextSource,
  type LeadContext,
} from "../providers/lead-context/leadContext";

export function useLeadContext(): () => Promise<LeadContext> {
  const known = React.useContext(LeadContextSource);
  const latest = React.useRef(known);
  latest.current = known;
  return React.useCallback(async () => {
    const country = latest.current.country ?? (await loadCountry());
    return { ...emptyLeadContext, ...latest.current, country };
  }, []);
}

/** The visitor id as soon as it is known (the BotD token form waits for it). */
export function useKnownVisitorId(): string {
  return React.useContext(LeadContextSource).visitorId ?? "";
}
