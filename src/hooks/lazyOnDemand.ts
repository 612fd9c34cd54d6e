/**
 * React.lazy whose code is fetched only when the page asks for it: for server-rendered parts below the
 * fold (the server's HTML stays in place, unhydrated, until then) and for parts that wait for the reader.
 */
import * as React from "react";

export interface OnDemand<P extends object> {
  Component: React.LazyExoticComponent<React.ComponentType<P>>;
  /** Starts loading the code; later calls do nothing. */
  start: () => void;
}

export function lazyOnDemand<P extends object>(
  load: () => Promise<{ default: (props: P) => React.ReactElement | null }>,
): OnDemand<P> {
  let start: () => void = () => undefined;
  const requested = new Promise<void>((resolve) => {
    start = resolve;
  });
  // The server renders it at once: its HTML is what the visitor sees until the code arrives.
  const Component = React.lazy<React.ComponentType<P>>(() =>
    typeof window === "undefined" ? load() : requested.then(load),
  );
  return { Component, start: () => start() };
}

/**
 * Calls `onNear` once the element comes within `margin` of the viewport, or anything inside it takes
 * focus or a pointer (a keyboard or touch user reaching it some other way).
 */
export function useNearViewport(
  ref: React.RefObject<HTMLElement>,
  onNear: () => void,
  margin = "600px",
): void {
  React.useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    if (typeof IntersectionObserver === "undefined") {
      onNear();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onNear();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    element.addEventListener("focusin", onNear);
    element.addEventListener("pointerdown", onNear);
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", onNear);
      element.removeEventListener("pointerdown", onNear);
    };
  }, [ref, onNear, margin]);
}
