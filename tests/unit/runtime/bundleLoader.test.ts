// @vitest-environment jsdom
// The loader that inserts Gatsby's bundles once the largest paint is on screen, in a browser, run both as the
// TypeScript module and as the script compiled into every page (the page rewrite that puts it there is
// tests/unit/gatsby/scriptsAfterPaint.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  loadBundlesAfterPaint,
  MAX_WAIT_MS,
  PRESENT_WAIT_MS,
} from "../../../src/runtime/bundleLoader";
import { loaderTag } from "../../../src/gatsby/scriptsAfterPaint";

// esbuild cannot start inside jsdom: the loader comes compiled by the same function, run by vitest.config.ts.
vi.mock("../../../src/gatsby/inlineCode", async () => {
  const { inject } = await import("vitest");
  return {
    abFlagsScript: () => inject("inlineScripts").abFlags,
    bundleLoaderScript: () => inject("inlineScripts").bundleLoader,
  };
});

const BUNDLES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];

describe.each([
  ["as code (src/runtime/bundleLoader.ts)", "module"],
  ["as compiled into the page", "compiled"],
] as const)("the loader in a browser, %s", (_label, mode) => {
  let frames: FrameRequestCallback[];
  let visibility: DocumentVisibilityState;
  let observers: Array<{
    callback: (list: { getEntries(): Array<{ startTime: number }> }) => void;
    connected: boolean;
  }>;

  const inserted = () =>
    [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"));
  /** The loader as the page runs it: its own element is document.currentScript. */
  const runLoader = () => {
    const template = document.createElement("template");
    template.innerHTML = loaderTag(BUNDLES);
    const element = template.content.firstElementChild as HTMLScriptElement;
    vi.spyOn(document, "currentScript", "get").mockReturnValue(element);
    if (mode === "module") loadBundlesAfterPaint(element);
    else new Function(element.text)();
  };
  const nextFrame = (start = performance.now()) => {
    for (const frame of frames.splice(0)) frame(start);
  };
  /** The browser reports a largest-contentful-paint entry presented at `startTime`. */
  const reportLargestPaint = (startTime: number) => {
    for (const observer of observers.filter((o) => o.connected))
      observer.callback({ getEntries: () => [{ startTime }] });
  };

  /** A browser that reports largest-contentful-paint entries (Chromium), or one that does not (Safari). */
  function stubObserver(supported: string[]) {
    class FakeObserver {
      static supportedEntryTypes = supported;
      private readonly entry: (typeof observers)[number];
      constructor(callback: (typeof observers)[number]["callback"]) {
        this.entry = { callback, connected: false };
        observers.push(this.entry);
      }
      observe(options: { type: string; buffered?: boolean }) {
        expect(options).toEqual({ type: "largest-contentful-paint", buffered: true });
        this.entry.connected = true;
      }
      disconnect() {
        this.entry.connected = false;
      }
    }
    vi.stubGlobal("PerformanceObserver", FakeObserver);
  }

  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = "";
    frames = [];
    observers = [];
    visibility = "visible";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    stubObserver(["paint", "largest-contentful-paint"]);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("waits for a largest paint presented after the next frame began, then inserts the bundles in order", () => {
    const frameStart = 1000; // F, the first frame drawn with the whole body, begins at 1000 ms
    runLoader();
    reportLargestPaint(980); // the header, drawn and presented before the parse ended
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual([]);
    nextFrame(frameStart);
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual([]); // drawn, not yet presented
    reportLargestPaint(frameStart - 1); // an earlier frame's paint, reported late
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual([]);
    reportLargestPaint(frameStart + 30); // F's largest paint on screen
    expect(inserted()).toEqual([]); // not inside the observer's callback
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual(BUNDLES);
    expect(
      [...document.querySelectorAll<HTMLScriptElement>("script[src]")].every((s) => s.async),
    ).toBe(true);
    expect(observers.every((o) => !o.connected)).toBe(true);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(inserted()).toEqual(BUNDLES); // once only
  });

  it("goes after the next frame when no later largest paint is reported (it was presented before)", () => {
    runLoader();
    vi.advanceTimersByTime(PRESENT_WAIT_MS * 2);
    expect(inserted()).toEqual([]); // the wait starts at the next frame
    nextFrame();
    vi.advanceTimersByTime(PRESENT_WAIT_MS - 1);
    expect(inserted()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(inserted()).toEqual(BUNDLES);
  });

  it("goes right after the next frame in a browser without largest-contentful-paint entries", () => {
    stubObserver(["paint"]);
    runLoader();
    expect(observers).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual([]);
    nextFrame();
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual(BUNDLES);
  });

  it("inserts them at once in a tab that is not being drawn", () => {
    visibility = "hidden";
    runLoader();
    expect(inserted()).toEqual(BUNDLES);
  });

  it("inserts them after the longest wait when no frame comes", () => {
    runLoader();
    vi.advanceTimersByTime(MAX_WAIT_MS - 1);
    expect(inserted()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(inserted()).toEqual(BUNDLES);
  });
});
