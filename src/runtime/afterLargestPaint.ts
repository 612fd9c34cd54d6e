/**
 * When work that can wait may start (the identification and analytics SDKs): once the page's largest paint
 * is on screen, then in the browser's idle time, so it neither delays what the visitor came to see nor
 * blocks their first taps.
 */

/**
 * After the load event, how long at most to wait for the images in view and a largest-contentful-paint entry
 * (an image whose request hangs, a browser that reports no entry).
 */
export const PAINT_WAIT_MS = 10_000;
/**
 * How long, once the images in view are decoded, to keep waiting for the paint of one larger than the largest
 * paint reported so far. Decoded is not yet painted (seen in CI: the SDKs' chunk fetched 11 ms before the held
 * featured image's paint, after a text entry had come); an image the browser does not count (a blurred
 * placeholder, say) brings no entry, so the wait is bounded.
 */
export const IMAGE_PAINT_WAIT_MS = 500;
/** How long idle time may keep the work waiting once the paint is on screen. */
export const IDLE_TIMEOUT_MS = 3000;

let painted: Promise<void> | null = null;

/**
 * Resolves once the largest paint is on screen: the load event has fired and every image in view has arrived
 * and been decoded (lazily loaded ones too, which the load event does not wait for), so no larger paint is
 * still on its way, and the browser has reported a largest-contentful-paint entry, one for any image in view
 * larger than the entries before it (IMAGE_PAINT_WAIT_MS at most); then two more frames so that paint has been
 * presented. Without that API (Safari), or in a tab that was hidden (where nothing paints and no entry comes),
 * the images are enough; and whatever has not come PAINT_WAIT_MS after the load event stops counting. One
 * promise per page load.
 */
export function afterLargestPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    // The load event has fired and the images in view have arrived.
    let loaded = false;
    let seen = false;
    // The newest entry, and whether waiting for a larger image's entry has run its course.
    let latest: LargestPaint | null = null;
    let imageWaitOver = false;
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
      // Two frames on: the paint that came with the last image the load event waited for has been drawn and
      // presented by then.
      const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame : null;
      if (frame && !hidden) frame(() => frame(() => window.setTimeout(resolve, 0)));
      else resolve();
    };
    const check = () => {
      if (!loaded) return;
      if (hidden || !observing) finish();
      else if (seen && (imageWaitOver || !largerImageInView(latest))) finish();
    };
    function onVisibility() {
      if (document.visibilityState === "hidden") hidden = true;
      check();
    }
    document.addEventListener("visibilitychange", onVisibility);
    if (observing) {
      observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          seen = true;
          latest = entry as LargestPaint;
        }
        check();
      });
      observer.observe({ type: "largest-contentful-paint", buffered: true });
    }
    const onLoad = () => {
      window.setTimeout(finish, PAINT_WAIT_MS);
      // The load event does not wait for lazily loaded images, though one in view may be the largest paint;
      // and an image paints once decoded, which with decoding="async" comes after its load event.
      void Promise.all(imagesInView().map(decoded)).then(() => {
        loaded = true;
        window.setTimeout(() => {
          imageWaitOver = true;
          check();
        }, IMAGE_PAINT_WAIT_MS);
        check();
      });
    };
    if (document.readyState === "complete") onLoad();
    else window.addEventListener("load", onLoad, { once: true });
  });
  return painted;
}

/** Resolves once an image is ready to paint (or failed to load). */
function decoded(image: HTMLImageElement): Promise<void> {
  if (typeof image.decode === "function") return image.decode().catch(() => undefined);
  return new Promise((resolve) => {
    image.addEventListener("load", () => resolve(), { once: true });
    image.addEventListener("error", () => resolve(), { once: true });
  });
}

/** A largest-contentful-paint entry: its area and element (the DOM typings lack the interface in places). */
type LargestPaint = PerformanceEntry & { size?: number; element?: Element | null };

/** Images in the viewport that can paint: not a placeholder, not transparent. */
function imagesInView(): HTMLImageElement[] {
  return Array.from(document.images).filter((image) => visibleArea(image) > 0);
}

/** The image's area inside the viewport as the largest paint counts it (an upscaled image by its own pixels). */
function visibleArea(image: HTMLImageElement): number {
  if (image.hasAttribute("data-placeholder-image") || image.getAttribute("aria-hidden") === "true")
    return 0;
  const box = image.getBoundingClientRect();
  const width = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  if (width <= 0 || height <= 0) return 0;
  if (window.getComputedStyle(image).opacity === "0") return 0;
  const natural = image.naturalWidth * image.naturalHeight;
  return natural > 0 ? Math.min(width * height, natural) : width * height;
}

/** Whether an image in view is larger than the largest paint reported, so its own paint is still to come. */
function largerImageInView(latest: LargestPaint | null): boolean {
  const size = latest?.size ?? 0;
  return imagesInView().some((image) => image !== latest?.element && visibleArea(image) > size);
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
