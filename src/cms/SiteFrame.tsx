/** The site's theme and styles around a CMS preview, injected into the preview iframe's own <head>. */
import * as React from "react";
import { StyleSheetManager, ThemeProvider } from "styled-components";
import { IconSprite } from "../components/IconSprite";
import { GlobalStyle } from "../styles/GlobalStyle";
import { theme } from "../styles/theme";

export function SiteFrame({
  document,
  children,
}: {
  document: Document;
  children: React.ReactNode;
}) {
  return (
    <StyleSheetManager target={document.head}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <IconSprite />
        <div data-cms-preview>{children}</div>
      </ThemeProvider>
    </StyleSheetManager>
  );
}
