/** The providers every page lives in, mounted once at the root in both the browser and the server renderer. */
import * as React from "react";
import { ThemeProvider } from "styled-components";
import { theme } from "../styles/theme";
import { ConsentProvider } from "./consent/ConsentProvider";
import { AnalyticsProvider } from "./analytics/AnalyticsProvider";
import { ExperimentsProvider } from "./experiments/ExperimentsProvider";
import { IdentificationProvider, useIdentification } from "./identification/IdentificationProvider";
import { LeadContextBridge } from "./lead-context/LeadContextBridge";
import { VisitHistoryProvider } from "./visit-history/VisitHistoryProvider";

// Order, outermost first: consent → visit history → identification → experiments → analytics.
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <ConsentProvider>
        <VisitHistoryProvider>
          <IdentificationProvider>
            <ExperimentsProvider>
              <AnalyticsProvider>
                <VisitorBridge>{children}</VisitorBridge>
              </AnalyticsProvider>
            </ExperimentsProvider>
          </IdentificationProvider>
        </VisitHistoryProvider>
      </ConsentProvider>
    </ThemeProvider>
  );
}

/** Lead payloads carry the visitor id once identification has one. */
function VisitorBridge({ children }: { children: React.ReactNode }) {
  const { visitorId } = useIdentification();
  return <LeadContextBridge visitorId={visitorId ?? ""}>{children}</LeadContextBridge>;
}

/**
 * True for the element Gatsby renders a page's Head with: it carries the page props (location,
 * pageContext), while the site's root element carries none. Plugins wrap first (styled-components'
 * StyleSheetManager), so this looks through single-child wrappers.
 */
export function isHeadElement(element: React.ReactNode, depth = 0): boolean {
  if (!React.isValidElement(element) || depth > 5) return false;
  const props = element.props as Record<string, unknown> | null;
  if (!props) return false;
  if ("location" in props && "pageContext" in props) return true;
  return isHeadElement(props.children as React.ReactNode, depth + 1);
}
