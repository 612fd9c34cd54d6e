// @vitest-environment jsdom
// The analytics runner once started: a page reached while identification refreshes (the demo's "Identify
// again") still gets its page view and its exposures, with the last identification's values; flags that come
// after the start still get the current page's exposures reported.
import * as React from "react";
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetLargestPaint } from "../../../../src/runtime/afterLargestPaint";
import AnalyticsRunner, {
  type AnalyticsRunnerProps,
} from "../../../../src/providers/analytics/AnalyticsRunner";
import { tracking } from "../../../../src/providers/analytics/tracking";
import { EXPOSURES_STORAGE_KEY } from "../../../../src/providers/analytics/exposures";
import { emitRouteChange } from "../../../../src/providers/visit-history/routeEvents";
import { EXPERIMENTS } from "../../../../src/config/experiments";

const started = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../../../src/providers/analytics/startAnalytics", () => ({
  startAnalytics: async () => {
    started.count += 1;
  },
  stopAnalytics: () => undefined,
}));

const CONFIG: AnalyticsRunnerProps["config"] = {
  apiKey: "0123456789abcdef0123456789abcdef",
  serverUrl: "http://127.0.0.1:9/2/httpapi",
  exposureProxy: true,
  deviceGroupType: "Unit device",
};
const VISITOR = "visitorUnitTest00001";
const IDENTIFIED: AnalyticsRunnerProps["identification"] = {
  status: "loaded",
  visitorId: VISITOR,
  requestId: "1767225600123.Ab3dEf",
  bot: { result: "notDetected", bad: false, source: "pro" },
  refresh: () => undefined,
};
const REFRESHING: AnalyticsRunnerProps["identification"] = {
  status: "loading",
  refresh: () => undefined,
};
const CONTROL = Object.fromEntries(
  EXPERIMENTS.map((key) => [key, "control"]),
) as AnalyticsRunnerProps["flags"];

let pageViews: string[] = [];
let exposures: Array<{ device_id: string; flag_key: string }> = [];

beforeEach(() => {
  started.count = 0;
  pageViews = [];
  exposures = [];
  resetLargestPaint();
  window.localStorage.removeItem(EXPOSURES_STORAGE_KEY);
  // The largest paint is on screen at once; idle time comes in the next timer.
  class PaintedObserver {
    static supportedEntryTypes = ["largest-contentful-paint"];
    constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
    observe() {
      queueMicrotask(() => this.callback({ getEntries: () => [{ startTime: 400 }] }));
    }
    disconnect() {}
  }
  vi.stubGlobal("PerformanceObserver", PaintedObserver);
  vi.stubGlobal("requestIdleCallback", (run: () => void) => setTimeout(run, 1));
  vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
  vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
  // jsdom lays nothing out: every variant element counts as shown.
  vi.spyOn(Element.prototype, "getClientRects").mockReturnValue([{}] as unknown as DOMRectList);
  vi.spyOn(tracking, "webPageViewed").mockImplementation((properties) => {
    pageViews.push(properties["page path"]);
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === "/amp-exp/") exposures.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ ok: true }), { status: 202 });
    }),
  );
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  tracking.setMode("off");
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** Shows one experiment's variant on "the page" and announces the route, as Gatsby's onRouteUpdate does. */
async function arriveAt(pathname: string, experiment: string) {
  document.body.innerHTML = `<div data-ab-variant="${experiment}:control">variant</div>`;
  await act(async () => emitRouteChange({ pathname, search: "" }));
  await wait(20);
}

function Runner(props: Partial<AnalyticsRunnerProps>) {
  return <AnalyticsRunner config={CONFIG} identification={IDENTIFIED} flags={CONTROL} {...props} />;
}

describe("the analytics runner once started", () => {
  it("a page reached while identification refreshes still gets its page view and exposure", async () => {
    await arriveAt("/demo/", "demo");
    const { rerender } = render(<Runner />);
    await vi.waitFor(() => expect(pageViews).toEqual(["/demo/"]));
    expect(started.count).toBe(1);
    expect(exposures).toEqual([{ device_id: VISITOR, flag_key: "demo", variant: "control" }]);

    // "Identify again": no result while it runs, and the visitor moves on meanwhile.
    rerender(<Runner identification={REFRESHING} />);
    await arriveAt("/pricing/", "pricing");
    await vi.waitFor(() => expect(pageViews).toEqual(["/demo/", "/pricing/"]));
    expect(exposures.map((exposure) => exposure.flag_key)).toEqual(["demo", "pricing"]);
    expect(exposures[1]?.device_id).toBe(VISITOR);
    // Started once: the refresh does not start the SDK again.
    rerender(<Runner />);
    await wait(50);
    expect(started.count).toBe(1);
  });

  it("flags that arrive after the start get the current page's exposures reported, once", async () => {
    await arriveAt("/pricing/", "pricing");
    const { rerender } = render(<Runner flags={null} />);
    await vi.waitFor(() => expect(pageViews).toEqual(["/pricing/"]));
    await wait(50);
    expect(exposures).toEqual([]);

    rerender(<Runner flags={CONTROL} />);
    await vi.waitFor(() =>
      expect(exposures.map((exposure) => exposure.flag_key)).toEqual(["pricing"]),
    );
    // Reported and remembered: the same page again sends nothing more.
    await arriveAt("/pricing/", "pricing");
    await wait(50);
    expect(exposures).toHaveLength(1);
    expect(pageViews).toEqual(["/pricing/", "/pricing/"]);
  });
});
