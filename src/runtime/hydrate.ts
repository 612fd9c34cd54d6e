/**
 * The browser's first render, as Gatsby's own (hydrate the server HTML, or render into an empty root),
 * with one difference: React 18's error 421 is not reported.
 *
 * React 421 says a Suspense boundary received an update before it finished hydrating, so React renders
 * that boundary again on the client. Here that is expected, not a fault: the careers sections, the
 * footer's form and the status pill are React.lazy boundaries whose code may still be loading when
 * Gatsby's router updates its context (a redirect on the apply page, a hash change). React 19 does the
 * same client render without reporting it. Every other recoverable error, hydration mismatches
 * included, is reported as React reports it by default.
 */
import * as React from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

const BOUNDARY_UPDATED_BEFORE_HYDRATION =
  /Minified React error #421|received an update before it finished hydrating/;

/** React 18's default: the browser's reportError, else the console. */
function reportByDefault(error: unknown): void {
  if (typeof globalThis.reportError === "function") globalThis.reportError(error);
  else console.error(error);
}

export function onRecoverableError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (BOUNDARY_UPDATED_BEFORE_HYDRATION.test(message)) return;
  reportByDefault(error);
}

/**
 * gatsby-browser's replaceHydrateFunction: hydrate when the server rendered the root, else render.
 *
 * The hydration starts inside a transition. React 18 renders a plain hydrateRoot at its default
 * priority without yielding (the page's top in one long task, then each Suspense boundary in one
 * task of its own); a transition lane is time-sliced, so React hands the main thread back to the
 * browser every few milliseconds and a tap or a key press waits for one slice, not for the whole
 * page. The server's HTML is already on screen, so nothing paints later for it.
 */
export function renderApp(
  element: React.ReactNode,
  container: Element | Document | DocumentFragment | null,
): void {
  if (!container) return;
  if (!(container instanceof DocumentFragment) && container.hasChildNodes())
    React.startTransition(() => {
      hydrateRoot(container, element, { onRecoverableError });
    });
  else if (!(container instanceof Document))
    createRoot(container, { onRecoverableError }).render(element);
}
