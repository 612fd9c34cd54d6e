/** The open banner's footprint, published to the page so focus and the page's end are kept clear of it. */
import * as React from "react";
import { theme } from "../../styles/theme";

/**
 * While the banner is open, tells the page how much of the viewport's bottom it covers: the global style
 * keeps that much clear when the browser scrolls a focused element (or a #target) into view, and the footer
 * grows by as much, so the last links of a page can scroll above the banner. Without it a keyboard visitor
 * tabbed on under the banner, most stops hidden at a phone's width (WCAG 2.4.11). The banner stays
 * non-modal: the page is usable around it.
 */
export function useSpaceBelowContent() {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const root = document.documentElement;
    const measure = () => {
      const space = Math.max(0, Math.ceil(window.innerHeight - box.getBoundingClientRect().top));
      root.style.setProperty(theme.vars.bannerSpace, `${space}px`);
    };
    measure();
    // Every browser the site supports has ResizeObserver; without one, a resize of the window still counts.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(box);
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", measure);
      root.style.removeProperty(theme.vars.bannerSpace);
    };
  }, []);
  return ref;
}
