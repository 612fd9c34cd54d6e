/** The site's theme and styles around a CMS preview, injected into the preview iframe's own <head>. */
import * as React from "react";
import { StyleSheetManager, ThemeProvider } from "styled-components";
import { IconSprite } from "../components/IconSprite";
import { GlobalStyle } from "../styles/GlobalStyle";
import { theme } from "../styles/theme";
import { SharePreview, type ShareProps } from "./SharePreview";

export function SiteFrame({
  document,
  children,
  share,
}: {
  document: Document;
  children: React.ReactNode;
  /** A page's search result and social card, shown above it (SharePreview.tsx). */
  share?: ShareProps;
}) {
  return (
    <StyleSheetManager target={document.head}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <IconSprite />
        {share ? <SharePreview {...share} /> : null}
        <div data-cms-preview>{children}</div>
      </ThemeProvider>
    </StyleSheetManager>
  );
}
