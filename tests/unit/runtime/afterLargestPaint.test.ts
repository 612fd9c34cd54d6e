// @vitest-environment jsdom
// The SDKs' start gate: nothing before the largest paint is on screen (load event and a largest-contentful-paint
// entry, then a frame), then idle time; the fallbacks for browsers without the API and hidden tabs.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  IMAGE_PAINT_WAIT_MS,
  PAINT_WAIT_MS,
  afterLargestPaint,
  resetLargestPaint,
  whenSettled,
} from "../../../src/runtime/afterLargestPaint";

/** A PerformanceObserver whose largest-contentful-paint entries the test hands out. */
function fakeObserver(supported = ["largest-contentful-paint", "event"]) {
  const observers: Array<(entries: unknown[]) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
    observe() {
      observers.push((entries) => this.callback({ getEntries: () => entries }));
    }
    disconnect() {}
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  return {
    paint: (entry: object = { startTime: 420 }) => observers.forEach((notify) => notify([entry])),
  };
}

function documentState(
  readyState: DocumentReadyState,
  visibility: DocumentVisibilityState = "visible",
) {
  vi.spyOn(document, "readyState", "get").mockReturnValue(readyState);
  vi.spyOn(document, "visibilityState", "get").mockReturnValue(visibility);
}

/** Whether the promise has settled after the microtasks and timers that are due now. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(50);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
  resetLargestPaint();
  vi.stubGlobal("requestAnimationFrame", (run: FrameRequestCallback) =>
    setTimeout(() => run(0), 16),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

describe("afterLargestPaint", () => {
  it("waits for the largest-contentful-paint entry when the page has loaded, then a frame", async () => {
    const lcp = fakeObserver();
    documentState("complete");
    const gate = afterLargestPaint();
    expect(await settled(gate)).toBe(false);
    lcp.paint();
    expect(await settled(gate)).toBe(true);
  });

  it("waits for the load event when the entry comes first (a larger image may still be on its way)", async () => {
    const lcp = fakeObserver();
    documentState("interactive");
    const gate = afterLargestPaint();
    lcp.paint();
    expect(await settled(gate)).toBe(false);
    window.dispatchEvent(new Event("load"));
    expect(await settled(gate)).toBe(true);
  });

  /** An image in view, 390 × 300 px, whose decoding the test finishes with the returned function. */
  function imageInView(complete: boolean): { image: HTMLImageElement; decode: () => void } {
    document.body.innerHTML = '<img alt="" src="/hero.webp" loading="lazy">';
    const image = document.querySelector("img")!;
    vi.spyOn(image, "complete", "get").mockReturnValue(complete);
    vi.spyOn(image, "getBoundingClientRect").mockReturnValue({
      top: 100,
      left: 0,
      bottom: 400,
      right: 390,
      width: 390,
      height: 300,
    } as DOMRect);
    let finish: () => void = () => undefined;
    // An image that arrived with the load event is decoded already; one still loading decodes when told.
    image.decode = complete
      ? () => Promise.resolve()
      : () => new Promise<void>((resolve) => (finish = resolve));
    return { image, decode: () => finish() };
  }

  it("waits for an image in view the load event did not wait for (lazily loaded) to be decoded and painted", async () => {
    const lcp = fakeObserver();
    documentState("complete");
    const { image, decode } = imageInView(false);
    const gate = afterLargestPaint();
    lcp.paint({ startTime: 420, size: 20_000 }); // a heading, before the image
    expect(await settled(gate)).toBe(false);
    decode();
    // Decoded is not painted: the gate waits for the image's own entry.
    expect(await settled(gate)).toBe(false);
    lcp.paint({ startTime: 900, size: 117_000, element: image });
    expect(await settled(gate)).toBe(true);
    document.body.innerHTML = "";
  });

  it("waits for the paint of an image that arrived with the load event but paints later (decoding async)", async () => {
    const lcp = fakeObserver();
    documentState("complete");
    const { image } = imageInView(true);
    const gate = afterLargestPaint();
    lcp.paint({ startTime: 420, size: 20_000 });
    expect(await settled(gate)).toBe(false);
    lcp.paint({ startTime: 3392, size: 117_000, element: image });
    expect(await settled(gate)).toBe(true);
    document.body.innerHTML = "";
  });

  it("is not held by an image smaller than the largest paint, and not for long by one the browser does not count", async () => {
    const lcp = fakeObserver();
    documentState("complete");
    imageInView(true);
    const smaller = afterLargestPaint();
    lcp.paint({ startTime: 420, size: 200_000 });
    expect(await settled(smaller)).toBe(true);

    resetLargestPaint();
    const uncounted = afterLargestPaint();
    lcp.paint({ startTime: 420, size: 20_000 });
    expect(await settled(uncounted)).toBe(false);
    await vi.advanceTimersByTimeAsync(IMAGE_PAINT_WAIT_MS);
    expect(await settled(uncounted)).toBe(true);
    document.body.innerHTML = "";
  });

  it("needs only the load event where the browser reports no largest paint (Safari)", async () => {
    fakeObserver(["event"]);
    documentState("interactive");
    const gate = afterLargestPaint();
    expect(await settled(gate)).toBe(false);
    window.dispatchEvent(new Event("load"));
    expect(await settled(gate)).toBe(true);
  });

  it("needs only the load event in a hidden tab, where nothing paints", async () => {
    fakeObserver();
    documentState("complete", "hidden");
    expect(await settled(afterLargestPaint())).toBe(true);
  });

  it("stops waiting for an entry that never comes a while after the load event", async () => {
    fakeObserver();
    documentState("complete");
    const gate = afterLargestPaint();
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 100);
    expect(await settled(gate)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(gate)).toBe(true);
  });
});

describe("whenSettled", () => {
  it("then waits for idle time", async () => {
    const lcp = fakeObserver();
    documentState("complete");
    const idle: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (run: () => void) => idle.push(run));
    const gate = whenSettled();
    lcp.paint();
    expect(await settled(gate)).toBe(false);
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(await settled(gate)).toBe(true);
  });
});
