/**
 * React.lazy whose code is fetched only when the page asks for it (start()): for parts that wait for the
 * reader, such as an offer shown after scrolling. Not for server-rendered forms: a click before the code
 * arrives would submit the unhydrated form natively.
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
