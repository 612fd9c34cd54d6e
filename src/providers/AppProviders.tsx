/** The providers every page lives in, mounted once at the root in both the browser and the server renderer. */
import * as React from "react";
import { ThemeProvider } from "styled-components";
import { theme } from "../styles/theme";

export function AppProviders({ children }: { children: React.ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
