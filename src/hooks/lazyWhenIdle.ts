/**
 * React.lazy whose code is fetched only once the browser is idle after start-up: for parts that are
 * server-rendered but need no JavaScript at first (the server's HTML stays in place until then).
 */
import * as React from "react";

/** Resolves when the browser is idle (at the latest after `timeout` ms); at once on the server. */
export function whenIdle(timeout = 3000): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === "function") {
      window.requestIdleCallback(() => resolve(), { timeout });
    } else {
      window.setTimeout(resolve, 200);
    }
  });
}

export function lazyWhenIdle<P extends object>(
  load: () => Promise<{ default: React.ComponentType<P> }>,
): React.LazyExoticComponent<React.ComponentType<P>> {
  return React.lazy(() => whenIdle().then(load));
}
