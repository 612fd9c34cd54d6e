/** Browser entry: the same providers and layout as the server renderer, plus client-start effects. */
import * as React from "react";
import type { GatsbyBrowser } from "gatsby";
import { AppProviders, isHeadElement } from "./src/providers/AppProviders";
import { Layout, searchOf } from "./src/components/Layout";
import { careersConsoleMessage } from "./src/data/careersMessage";
import { emitRouteChange } from "./src/providers/visit-history/routeEvents";
import { disableZodCodegen } from "./src/security/zodJitless";
import { renderApp } from "./src/runtime/hydrate";

// Gatsby also passes each page's <Head> through wrapRootElement (in a hidden root): it gets no
// providers, or consent, identification and analytics would run a second, invisible time.
export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) =>
  isHeadElement(element) ? element : <AppProviders>{element}</AppProviders>;

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <Layout pathname={props.location.pathname} {...searchOf(props.pageContext)}>
    {element}
  </Layout>
);

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  // Before any lazy chunk parses with zod: the page's policy has no 'unsafe-eval'.
  disableZodCodegen();
  console.log(...careersConsoleMessage(window.location.origin));
};

/**
 * The app's first render has committed: `<html data-hydrated>` says so, for whatever waits on the page being
 * live (the browser tests, the screenshots) instead of guessing from the network going quiet.
 */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.setAttribute("data-hydrated", "");
};

/** Every route change (and the first page) reaches the visit history and, later, analytics. */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location }) => {
  emitRouteChange({ pathname: location.pathname, search: location.search });
};

/**
 * The app's first render leaves the scroll where the browser put it; Gatsby's handling stays for navigations inside
 * the site. On a full page load the browser has already scrolled to the URL's hash (below the sticky header: the
 * headings' scroll-margin) and restores a reloaded page itself. Gatsby would scroll again from the location its first
 * render saw, which is stale if the visitor followed a link to a section while the page hydrated, and it would bring
 * back a position it saved on an earlier load of the same path (it keys the first entry of every load "initial"):
 * opening a post again after reading it down to its fourth section, a click on the third section's link landed on
 * the fourth (tests/e2e/blog.spec.ts).
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ prevRouterProps }) =>
  prevRouterProps !== undefined;

/** Gatsby's first render with React 18's error 421 (an expected client render) left unreported. */
// Gatsby's type still names the legacy ReactDOM.render signature; its caller ignores the return value.
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () =>
  renderApp as unknown as ReturnType<NonNullable<GatsbyBrowser["replaceHydrateFunction"]>>;
