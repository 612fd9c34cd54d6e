/** A tiny bridge from Gatsby's onRouteUpdate (gatsby-browser) to the providers that follow navigation. */
export type RouteChange = { pathname: string; search: string };

type Listener = (change: RouteChange) => void;
const listeners = new Set<Listener>();
let last: RouteChange | null = null;

export function emitRouteChange(change: RouteChange): void {
  last = change;
  for (const listener of listeners) listener(change);
}

/** Subscribes; a late subscriber hears the current route at once. */
export function onRouteChange(listener: Listener): () => void {
  listeners.add(listener);
  if (last) listener(last);
  return () => listeners.delete(listener);
}
