/** Follows in-app navigation into the visit history; writes its cookie only with analytics consent. */
import * as React from "react";
import Cookies from "js-cookie";
import { useConsent } from "../consent/useConsent";
import { VISIT_HISTORY_COOKIE } from "../consent/cookies";
import {
  HISTORY_DAYS,
  nextHistory,
  parseHistory,
  serializeHistory,
  utmFrom,
  type VisitHistory,
} from "./history";
import { onRouteChange } from "./routeEvents";

const empty: VisitHistory = { landingPage: "", visitedPages: [], previousPage: "", utmParams: {} };
const VisitHistoryContext = React.createContext<VisitHistory>(empty);

export const useVisitHistory = (): VisitHistory => React.useContext(VisitHistoryContext);

export function VisitHistoryProvider({ children }: { children: React.ReactNode }) {
  const { analytics } = useConsent();
  const [history, setHistory] = React.useState<VisitHistory | null>(null);
  const seeded = React.useRef(false);

  React.useEffect(
    () =>
      onRouteChange(({ pathname, search }) => {
        // A returning visitor who allowed analytics continues the history the cookie kept.
        const seed = seeded.current ? null : parseHistory(Cookies.get(VISIT_HISTORY_COOKIE));
        seeded.current = true;
        const { referrer } = document;
        const host = window.location.hostname;
        // A transition, like every start-up update (see ConsentProvider); the updater stays pure
        // because React may apply a transition's update more than once.
        React.startTransition(() =>
          setHistory((previous) => {
            const base = previous ?? seed;
            // The referrer only describes how the visit started, not later in-app navigations.
            return nextHistory(base, pathname, utmFrom(search, base ? "" : referrer, host));
          }),
        );
      }),
    [],
  );

  React.useEffect(() => {
    if (!history) return;
    if (!analytics) {
      if (Cookies.get(VISIT_HISTORY_COOKIE) !== undefined)
        Cookies.remove(VISIT_HISTORY_COOKIE, { path: "/" });
      return;
    }
    const value = serializeHistory(history, VISIT_HISTORY_COOKIE);
    if (value === null) return;
    // Host-only (no Domain attribute), Lax, Secure on https.
    Cookies.set(VISIT_HISTORY_COOKIE, value, {
      expires: HISTORY_DAYS,
      path: "/",
      sameSite: "Lax",
      secure: window.location.protocol === "https:",
    });
  }, [history, analytics]);

  return (
    <VisitHistoryContext.Provider value={history ?? empty}>{children}</VisitHistoryContext.Provider>
  );
}
