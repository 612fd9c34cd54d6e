/** The providers every page lives in, mounted once at the root in both the browser and the server renderer. */
import * as React from "react";
import { ThemeProvider } from "styled-components";
import { theme } from "../styles/theme";
import { ConsentProvider } from "./consent/ConsentProvider";
import { ExperimentsProvider } from "./experiments/ExperimentsProvider";
import { LeadContextBridge } from "./LeadContextBridge";
import { VisitHistoryProvider } from "./visit-history/VisitHistoryProvider";

// Order, outermost first: consent → visit history → identification → experiments → analytics.
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <ConsentProvider>
        <VisitHistoryProvider>
          <ExperimentsProvider>
            <LeadContextBridge>{children}</LeadContextBridge>
          </ExperimentsProvider>
        </VisitHistoryProvider>
      </ConsentProvider>
    </ThemeProvider>
  );
}
