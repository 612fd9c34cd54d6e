/** Hands what the providers know about the visit to the forms (the one source of a lead's context). */
import * as React from "react";
import { useConsent } from "../consent/useConsent";
import { useVisitHistory } from "../visit-history/VisitHistoryProvider";
import { LeadContextSource, type LeadContext } from "./leadContext";

export function LeadContextBridge({
  visitorId = "",
  children,
}: {
  visitorId?: string;
  children: React.ReactNode;
}) {
  const history = useVisitHistory();
  const { country } = useConsent();
  const value = React.useMemo<Partial<LeadContext>>(
    () => ({
      utmInfo: history.utmParams,
      landingPage: history.landingPage,
      previousPage: history.previousPage,
      visitorId,
      ...(country !== undefined ? { country } : {}),
    }),
    [history, visitorId, country],
  );
  return <LeadContextSource.Provider value={value}>{children}</LeadContextSource.Provider>;
}
