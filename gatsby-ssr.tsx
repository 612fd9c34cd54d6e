/** Server-render entry: the same providers and layout as the browser, plus head tags. */
import * as React from "react";
import type { GatsbySSR } from "gatsby";
import { AppProviders, isHeadElement } from "./src/providers/AppProviders";
import { CONTENT_END_ID, Layout, searchOf } from "./src/components/Layout";
import { FEED_PATH, FEED_TITLE } from "./src/config/feed";
import { site } from "./src/config/site";
import { IconSprite } from "./src/components/IconSprite";

// `blocking` is not in React 18's attribute types; it passes lowercase attributes through as written.
const renderBlocking = { blocking: "render" } as Record<string, string>;

// Gatsby also passes each page's <Head> through wrapRootElement (in a hidden root): it gets no
// providers, or consent, identification and analytics would run a second, invisible time.
export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) =>
  isHeadElement(element) ? element : <AppProviders>{element}</AppProviders>;

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <Layout pathname={props.location.pathname} {...searchOf(props.pageContext)}>
    {element}
  </Layout>
);

export const onRenderBody: GatsbySSR["onRenderBody"] = ({
  setHeadComponents,
  setHtmlAttributes,
  setPreBodyComponents,
}) => {
  setHtmlAttributes({ lang: site.locale });
  setHeadComponents([
    // Runs before the body is parsed so the chosen experiment variant is the first thing painted:
    // markVariants (src/providers/experiments/flags.ts), compiled by src/gatsby/inlineCode.ts and given to
    // the server renderer as a constant (onCreateWebpackConfig.ts).
    <script key="ab-flags" dangerouslySetInnerHTML={{ __html: AB_FLAGS_SCRIPT }} />,
    // No frame is painted until the main content is parsed (Chromium; other browsers ignore it): a frame of
    // a half-parsed header or hero is later moved, a layout shift (src/components/Layout.tsx).
    <link key="expect-content" rel="expect" href={`#${CONTENT_END_ID}`} {...renderBlocking} />,
    <meta key="theme-color" name="theme-color" content="#0c0f22" />,
    <link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    // The blog's feed, for readers and browsers that discover it from any page.
    <link
      key="feed"
      rel="alternate"
      type="application/rss+xml"
      title={FEED_TITLE}
      href={FEED_PATH}
    />,
  ]);
  // The icons' drawings, once per page and outside the React root: server HTML only, never hydrated.
  setPreBodyComponents([<IconSprite key="icon-sprite" />]);
};
