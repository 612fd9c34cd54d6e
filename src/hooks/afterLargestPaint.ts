/**
 * When work that can wait may start (the identification and analytics SDKs): once the page's largest paint
 * is on screen, then in the browser's idle time, so it neither delays what the visitor came to see nor
 * blocks their first taps.
 */

/** After the load event, how long to wait for a largest-contentful-paint entry that never comes. */
export const PAINT_WAIT_MS = 3000;
/** How long idle time may keep the work waiting once the paint is on screen. */
export const IDLE_TIMEOUT_MS = 3000;

let painted: Promise<void> | null = null;

/**
 * Resolves once the largest paint is on screen: the load event has fired (every image the HTML names has
 * arrived, so no larger paint is still on its way) and the browser has reported a largest-contentful-paint
 * entry, then one more frame so that paint has been presented. Without that API (Safari), or in a tab that
 * was hidden (where nothing paints and no entry comes), the load event and a frame are enough; and an entry
 * that never comes stops counting PAINT_WAIT_MS after the load event. One promise per page load.
 */
export function afterLargestPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    let loaded = document.readyState === "complete";
    let seen = false;
    let hidden = document.visibilityState === "hidden";
    let done = false;
    const types =
      typeof PerformanceObserver === "function" ? PerformanceObserver.supportedEntryTypes : [];
    const observing = (types ?? []).includes("largest-contentful-paint");
    let observer: PerformanceObserver | null = null;
    const finish = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      document.removeEventListener("visibilitychange", onVisibility);
      // The frame after the one that drew the paint: it has been presented by then.
      const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame : null;
      if (frame && !hidden) frame(() => window.setTimeout(resolve, 0));
      else resolve();
    };
    const check = () => {
      if (loaded && (seen || hidden || !observing)) finish();
    };
    function onVisibility() {
      if (document.visibilityState === "hidden") hidden = true;
      check();
    }
    document.addEventListener("visibilitychange", onVisibility);
    if (observing) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().length > 0) seen = true;
        check();
      });
      observer.observe({ type: "largest-contentful-paint", buffered: true });
    }
    const onLoad = () => {
      loaded = true;
      window.setTimeout(finish, PAINT_WAIT_MS);
      check();
    };
    if (loaded) onLoad();
    else window.addEventListener("load", onLoad, { once: true });
  });
  return painted;
}

/** Resolves in the browser's idle time (at the latest after `timeout` ms), or soon where that is missing. */
export function idleTime(timeout = IDLE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === "function")
      window.requestIdleCallback(() => resolve(), { timeout });
    else window.setTimeout(resolve, 200);
  });
}

/** The largest paint on screen, then idle time: when the SDKs may start. */
export function whenSettled(): Promise<void> {
  return afterLargestPaint().then(() => idleTime());
}

/** For tests: forget this page load's paint. */
export function resetLargestPaint(): void {
  painted = null;
}
