/**
 * A server-rendered part whose code loads only when it comes within a screen of the viewport (or the visitor
 * reaches into it): an island the page's React root leaves alone, hydrated later by a React root of its own.
 *
 * Why not a lazy component in a Suspense boundary: a boundary still waiting for its code stays dehydrated, and
 * React 18 holds back every transition that changes a context above it until it has hydrated. The providers'
 * start-up updates are transitions (the country arriving shows the consent banner), so a boundary waiting for
 * the visitor to scroll held the banner back until they did. Here the page's root renders an empty element
 * whose server HTML it never touches; the island's own root hydrates that HTML once the code is there.
 *
 * The island's root sees one context of the page's: the lead context (LeadContextSource), which the forms
 * read, passed through a store. Parts that read another context must not be islands.
 */
import * as React from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { LeadContextSource, type LeadContext } from "../providers/lead-context/leadContext";
import { useStartWhenNear } from "../hooks/useStartWhenNear";

type Module<P> = { default: React.ComponentType<P> };

/** An island's code: loaded by the server at once (React.lazy), by the browser on demand. */
export type IslandPart<P extends object> = {
  load(): Promise<Module<P>>;
  /** The server's view of it: a lazy component (the server waits for it). */
  Lazy: React.ComponentType<P>;
};

export function islandPart<P extends object>(load: () => Promise<Module<P>>): IslandPart<P> {
  let loading: Promise<Module<P>> | null = null;
  const once = () => (loading ??= load());
  // A lazy component is a component of the same props; React's types do not say so for a generic P.
  return { load: once, Lazy: React.lazy(once) as unknown as React.ComponentType<P> };
}

type IslandProps<P extends object> = {
  part: IslandPart<P>;
  props: P;
  /** Shown while the code loads where there is no server HTML (after a client-side navigation). */
  fallback: React.ReactNode;
  /** A stable name for the element (data-island), for tests and for reading the page. */
  name: string;
};

export function Island<P extends object>(options: IslandProps<P>) {
  return typeof window === "undefined" ? (
    <ServerIsland {...options} />
  ) : (
    <ClientIsland {...options} />
  );
}

/** The server renders the part in place, inside the element the browser's island root will own (exported for tests). */
export function ServerIsland<P extends object>({ part, props, fallback, name }: IslandProps<P>) {
  return (
    <div data-island={name}>
      <React.Suspense fallback={fallback}>{React.createElement(part.Lazy, props)}</React.Suspense>
    </div>
  );
}

/** What the page's root passes into the island's: the props and the lead context, as they change. */
type Passed<P> = { props: P; lead: Partial<LeadContext> };

function createStore<P>(initial: Passed<P>) {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    /** What the server rendered with, for hydration. */
    initial,
    get: () => current,
    set(next: Passed<P>) {
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
type Store<P> = ReturnType<typeof createStore<P>>;

// The same object every render: React compares __html and never sets it while hydrating.
const UNTOUCHED = { __html: "" };

function ClientIsland<P extends object>({ part, props, fallback, name }: IslandProps<P>) {
  const element = React.useRef<HTMLDivElement>(null);
  const lead = React.useContext(LeadContextSource);
  const [store] = React.useState(() => createStore<P>({ props, lead }));
  const root = React.useRef<Root | null>(null);
  const live = React.useRef(true);

  React.useEffect(() => {
    store.set({ props, lead });
  }, [store, props, lead]);

  const start = React.useCallback(() => {
    part.load().then(
      (module) => {
        const container = element.current;
        if (!live.current || !container) return;
        const tree = (
          <IslandTree
            store={store}
            Component={module.default}
            fallback={fallback}
            container={container}
          />
        );
        if (root.current) root.current.render(tree);
        else root.current = hydrateRoot(container, tree);
      },
      () => {
        // The part's chunk did not load (offline, a deploy replaced it): the server's HTML stays as it is.
      },
    );
    // A part and its store are fixed for the element's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [part, store]);

  React.useEffect(() => {
    live.current = true;
    const container = element.current;
    // No server HTML: a client-side navigation, after the first load, so the code is fetched at once; the
    // fallback holds the place until it arrives.
    if (container && !container.firstChild) {
      root.current = createRoot(container);
      root.current.render(fallback);
      start();
    }
    return () => {
      live.current = false;
      const mounted = root.current;
      root.current = null;
      // Not during the page's own commit: React refuses to unmount a root synchronously inside a render.
      if (mounted) window.setTimeout(() => mounted.unmount(), 0);
    };
    // Once, on mount: the fallback is only for the first moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useStartWhenNear(element, start);

  return (
    <div
      ref={element}
      data-island={name}
      suppressHydrationWarning
      dangerouslySetInnerHTML={UNTOUCHED}
    />
  );
}

function IslandTree<P extends object>({
  store,
  Component,
  fallback,
  container,
}: {
  store: Store<P>;
  Component: React.ComponentType<P>;
  fallback: React.ReactNode;
  container: HTMLElement;
}) {
  // `data-hydrated` on the island's element: its own root has committed (the browser tests wait on it).
  React.useEffect(() => container.setAttribute("data-hydrated", ""), [container]);
  // Hydration sees what the server rendered with; what the page knows now follows as a transition, which
  // waits for any part of the island still hydrating instead of replacing its server HTML.
  const [{ props, lead }, setPassed] = React.useState(store.initial);
  React.useEffect(() => {
    const follow = () => React.startTransition(() => setPassed(store.get()));
    follow();
    return store.subscribe(follow);
  }, [store]);
  return (
    <LeadContextSource.Provider value={lead}>
      <React.Suspense fallback={fallback}>{React.createElement(Component, props)}</React.Suspense>
    </LeadContextSource.Provider>
  );
}
