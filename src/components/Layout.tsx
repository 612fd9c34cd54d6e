/** The page frame shared by every route: skip link, header, main landmark and footer. */
import * as React from "react";
import styled from "styled-components";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { GlobalStyle } from "../styles/GlobalStyle";
import { NavigationContext } from "../hooks/useNavigation";
import { useSiteNavigation } from "../hooks/useSiteNavigation";
import { StatusIndicator } from "./StatusIndicator";
import { theme } from "../styles/theme";
import { searchIndexAttributes, type PageSearch } from "../config/search";

/**
 * An empty element after the main content. Each page's head asks Chromium to hold its first paint until this
 * is parsed (gatsby-ssr.tsx), so the first frame already has the page's layout: painted half-parsed, the
 * header (every menu's panel is in its HTML) shows a shorter menu row and a lone action button, and a hero
 * illustration centred beside its copy grows upwards row by row, layout shifts on slow phones. The footer,
 * below the fold, is not waited for. An empty marker, because Chromium ends the hold when the element is
 * inserted and the specification when it is fully parsed: here both mean the same.
 */
export const CONTENT_END_ID = "content-end";

/** What a page's context (src/gatsby/createPages.ts) says of it in the site search: null keeps it out. */
export function searchOf(pageContext: unknown): { search: PageSearch | null } {
  const search = (pageContext as { search?: PageSearch | null } | null | undefined)?.search;
  return { search: search && typeof search.section === "string" ? search : null };
}

export function Layout({
  pathname,
  search = null,
  children,
}: {
  pathname: string;
  /** The main content goes into the search index (built from this HTML after the build), under this section. */
  search?: PageSearch | null;
  children: React.ReactNode;
}) {
  return (
    <NavigationContext.Provider value={useSiteNavigation()}>
      <Frame>
        {/* Rendered here, inside the page element, so gatsby-plugin-styled-components' server-side sheet
          (which wraps the root inside our providers) collects it into the HTML head. */}
        <GlobalStyle />
        <SkipLink href="#main">Skip to content</SkipLink>
        <Header pathname={pathname} />
        <Main id="main" tabIndex={-1} {...searchIndexAttributes(search)}>
          {children}
        </Main>
        <span id={CONTENT_END_ID} hidden />
        <LaterFooter />
      </Frame>
    </NavigationContext.Provider>
  );
}

/**
 * The footer in a Suspense boundary of its own, so it hydrates in a later task than the header and the
 * page's top. Memoised and without props: the layout re-renders on every route change, and a re-render
 * reaching a boundary that has not hydrated yet makes React 18 throw its HTML away (React error 421).
 */
const LaterFooter = React.memo(function LaterFooter() {
  return (
    <React.Suspense fallback={null}>
      <Footer>
        <StatusIndicator tone="dark" />
      </Footer>
    </React.Suspense>
  );
});

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  flex: 1 0 auto;
  &:focus {
    outline: none;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: ${theme.space[4]};
  top: -100px;
  z-index: ${theme.zIndices.banner};
  padding: ${theme.space[2]} ${theme.space[4]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.ink};
  color: ${theme.colors.surface};

  &:focus {
    top: ${theme.space[2]};
    color: ${theme.colors.surface};
  }
`;
