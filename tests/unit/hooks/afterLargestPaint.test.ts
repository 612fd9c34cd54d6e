// @vitest-environment jsdom
// The SDKs' start gate: nothing before the largest paint is on screen (load event and a largest-contentful-paint
// entry, then a frame), then idle time; the fallbacks for browsers without the API and hidden tabs.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PAINT_WAIT_MS,
  afterLargestPaint,
  resetLargestPaint,
  whenSettled,
} from "../../../src/hooks/afterLargestPaint";

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
  return { paint: () => observers.forEach((notify) => notify([{ startTime: 420 }])) };
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

  it("waits for an image in view the load event did not wait for (lazily loaded) to be decoded", async () => {
    const lcp = fakeObserver();
    documentState("complete");
    document.body.innerHTML = '<img alt="" src="/hero.webp" loading="lazy">';
    const image = document.querySelector("img")!;
    vi.spyOn(image, "complete", "get").mockReturnValue(false);
    vi.spyOn(image, "getBoundingClientRect").mockReturnValue({
      top: 100,
      left: 0,
      bottom: 400,
      right: 390,
      width: 390,
      height: 300,
    } as DOMRect);
    let decode: () => void = () => undefined;
    image.decode = () => new Promise<void>((resolve) => (decode = resolve));
    const gate = afterLargestPaint();
    lcp.paint();
    expect(await settled(gate)).toBe(false);
    decode();
    expect(await settled(gate)).toBe(true);
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
