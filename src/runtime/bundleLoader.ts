/**
 * The inline loader that puts Gatsby's bundles into the page once its largest paint is on screen. It runs in
 * the browser from an inline script (src/gatsby/inlineCode.ts compiles this file and scriptsAfterPaint.ts
 * puts it into every page at build time), so it is plain DOM code with no imports that would pull anything
 * else in.
 */

/** After the frame that follows the parse, how long to wait for its largest paint to be reported. */
export const PRESENT_WAIT_MS = 100;
/** Longest wait in any case (a tab hidden after the check, a browser that never draws). */
export const MAX_WAIT_MS = 1000;

/**
 * Reads the bundles from `script`'s own `data-bundles` and runs where the bundle tags were, once the parser has
 * read the whole body; so the next frame the browser draws (F) shows everything the server sent. A paint
 * counts for the visitor (and for Largest Contentful Paint) when it is presented, a frame or two after it is
 * drawn, so the bundles go in once a largest-contentful-paint entry presented at or after F's start is
 * reported. When none comes within PRESENT_WAIT_MS of F (F had nothing larger than what was already on
 * screen), or the browser reports no such entries (Safari), they go in after F; in a hidden tab at once; in
 * any case within MAX_WAIT_MS.
 */
export function loadBundlesAfterPaint(script: Element | null): void {
  const sources = (script?.getAttribute("data-bundles") ?? "").split(" ").filter(Boolean);
  let inserted = false;
  const observers: PerformanceObserver[] = [];
  let frameStart = 0;
  let latestPaint = -1;

  const insert = () => {
    if (inserted) return;
    inserted = true;
    for (const observer of observers) observer.disconnect();
    for (const source of sources) {
      const element = document.createElement("script");
      element.src = source;
      element.async = true;
      document.body.appendChild(element);
    }
  };
  // Never inside the observer's callback: the browser reports paints while it is busy presenting.
  const insertIfPresented = () => {
    if (frameStart && latestPaint >= frameStart) setTimeout(insert, 0);
  };

  if (document.visibilityState !== "visible" || typeof requestAnimationFrame !== "function") {
    insert();
    return;
  }
  setTimeout(insert, MAX_WAIT_MS);
  const supported = window.PerformanceObserver?.supportedEntryTypes ?? [];
  if (!supported.includes("largest-contentful-paint")) {
    requestAnimationFrame(() => setTimeout(insert, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) latestPaint = Math.max(latestPaint, entry.startTime);
    insertIfPresented();
  });
  observers.push(observer);
  observer.observe({ type: "largest-contentful-paint", buffered: true });
  requestAnimationFrame((time) => {
    frameStart = time;
    insertIfPresented();
    setTimeout(insert, PRESENT_WAIT_MS);
  });
}
