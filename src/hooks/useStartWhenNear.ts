/**
 * Starts something (usually a lazily loaded part's code, see lazyOnDemand) once its server-rendered element
 * comes within a screen of the viewport, or the visitor reaches into it first (focus, pointer, key): parts
 * below the fold then cost nothing while the page loads.
 */
import * as React from "react";

/** What the visitor does inside an element before using it: each one starts it at once. */
const INTENT = ["focusin", "pointerdown", "pointerenter", "keydown", "touchstart"] as const;

/** How far below the viewport an element starts: one screen, so its code is there before it scrolls in. */
export const NEAR_MARGIN = "0px 0px 100% 0px";

export function useStartWhenNear(
  ref: React.RefObject<Element | null>,
  start: () => void,
  margin: string = NEAR_MARGIN,
): void {
  React.useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    let observer: IntersectionObserver | null = null;
    const stop = () => {
      observer?.disconnect();
      for (const type of INTENT) element.removeEventListener(type, go);
    };
    function go() {
      stop();
      start();
    }
    for (const type of INTENT) element.addEventListener(type, go, { passive: true });
    if (typeof IntersectionObserver !== "function") {
      go();
      return stop;
    }
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) go();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return stop;
  }, [ref, start, margin]);
}
