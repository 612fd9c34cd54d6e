// @vitest-environment jsdom
// The real Amplitude SDK started as the site starts it: events queued before consent is withdrawn are never sent.
import { afterEach, describe, expect, it, vi } from "vitest";
import { startAnalytics, stopAnalytics } from "../../../../src/providers/analytics/startAnalytics";
import { tracking } from "../../../../src/providers/analytics/tracking";
import { startWithHeldBatch } from "./support/heldBatch";

const SERVER = "http://127.0.0.1:9/2/httpapi";
const config = {
  apiKey: "0123456789abcdef0123456789abcdef",
  serverUrl: SERVER,
  exposureProxy: true,
  deviceGroupType: "Test device",
};
const visitor = { visitorId: "visitorWithdrawal0001", botDetected: false, vmDetected: false };

function ingestion() {
  const bodies: Array<{ events: Array<{ event_type: string }> }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === SERVER) bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ code: 200, events_ingested: 1 }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return bodies;
}

const sent = (bodies: ReturnType<typeof ingestion>) =>
  bodies.flatMap((body) => body.events.map((event) => event.event_type));

describe("withdrawing analytics consent", () => {
  afterEach(() => {
    if (tracking.ampli.isLoaded) stopAnalytics();
    tracking.setMode("off");
    vi.useRealTimers();
  });

  it("sends what was tracked after the flush interval while consent holds", async () => {
    const bodies = ingestion();
    await startAnalytics(config, visitor);
    tracking.setMode("on");
    tracking.webCtaClicked({ label: "Book", href: "/demo/", placement: "hero", "page path": "/" });
    await vi.waitFor(() => expect(sent(bodies)).toContain("Web CTA Clicked"), { timeout: 4000 });
  });

  it("drops events queued before the withdrawal and removes the SDK's cookies and storage", async () => {
    // The SDK's flush timer runs on Vitest's clock, which the test moves past each flush interval
    // (1 s) instead of waiting for it; the clock still advances by itself for the SDK's own awaits.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = ingestion();
    await startAnalytics(config, visitor);
    tracking.setMode("on");
    // The identify and group calls of the start are flushed first; measure from here.
    await vi.advanceTimersByTimeAsync(1500);
    const before = bodies.length;
    tracking.webCtaClicked({ label: "Book", href: "/demo/", placement: "hero", "page path": "/" });
    tracking.setMode("off");
    stopAnalytics();
    await vi.advanceTimersByTimeAsync(2500);
    expect(bodies.slice(before)).toEqual([]);
    expect(document.cookie).not.toMatch(/AMP_/);
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith("AMP_"))).toEqual([]);
  });

  it("does not send a batch gathered before the withdrawal and still waiting for its task", async () => {
    const bodies = ingestion();
    const batch = await startWithHeldBatch(config, visitor);
    tracking.setMode("off");
    stopAnalytics();
    batch.release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent(bodies)).toEqual([]);
    // Nor written back to the SDK's storage (the withdrawal's own clean-up has run by now).
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith("AMP_"))).toEqual([]);
  });

  it("leaves clean-up passes that find the page gone doing nothing (no error after a test's teardown)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    ingestion();
    await startAnalytics(config, visitor);
    tracking.setMode("off");
    stopAnalytics();
    // The passes stopAnalytics left on timers run after the page's document is gone, as when a test
    // environment is torn down with them pending: without the guard, reading the cookies throws there.
    vi.stubGlobal("document", undefined);
    expect(() => vi.advanceTimersByTime(1500)).not.toThrow();
    vi.unstubAllGlobals();
  });
});
