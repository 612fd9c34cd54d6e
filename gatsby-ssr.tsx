/** Server-render entry: the same providers and layout as the browser, plus head tags. */
import * as React from "react";
import type { GatsbySSR } from "gatsby";
import { AppProviders } from "./src/providers/AppProviders";
import { Layout } from "./src/components/Layout";
import { site } from "./src/config/site";
import { headScript } from "./src/providers/experiments/flags";

export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => (
  <AppProviders>{element}</AppProviders>
);

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <Layout pathname={props.location.pathname}>{element}</Layout>
);

export const onRenderBody: GatsbySSR["onRenderBody"] = ({
  setHeadComponents,
  setHtmlAttributes,
}) => {
  setHtmlAttributes({ lang: site.locale });
  setHeadComponents([
    // Runs before the body is parsed so the chosen experiment variant is the first thing painted.
    <script key="ab-flags" dangerouslySetInnerHTML={{ __html: headScript() }} />,
    <meta key="theme-color" name="theme-color" content="#0c0f22" />,
    <link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
  ]);
};
