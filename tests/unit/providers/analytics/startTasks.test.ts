// @vitest-environment jsdom
// The real Amplitude SDK started as the site starts it: in three tasks (init, the click capture, the visitor's
// group and flags), clicks captured, and none of the plugin's page-wide DOM watching.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AUTOCAPTURE_PLUGIN,
  startAnalytics,
  stopAnalytics,
} from "../../../../src/providers/analytics/startAnalytics";
import { tracking } from "../../../../src/providers/analytics/tracking";
import { startWithHeldBatch } from "./support/heldBatch";

const SERVER = "http://127.0.0.1:9/2/httpapi";
const config = {
  apiKey: "0123456789abcdef0123456789abcdef",
  serverUrl: SERVER,
  exposureProxy: true,
  deviceGroupType: "Test device",
};
const visitor = { visitorId: "visitorStartTasks001", botDetected: false, vmDetected: false };

let keepalive: Array<boolean | undefined> = [];

function ingestion() {
  const events: Array<{ event_type: string; event_properties?: Record<string, unknown> }> = [];
  keepalive = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === SERVER) {
        events.push(...JSON.parse(String(init?.body)).events);
        keepalive.push(init?.keepalive);
      }
      return new Response(JSON.stringify({ code: 200, events_ingested: 1 }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return events;
}

/** The plugin names the running client has, read through its timeline. */
const plugins = () =>
  (
    (tracking.ampli.client as unknown as { timeline: { plugins: Array<{ name?: string }> } })
      .timeline.plugins ?? []
  ).map((plugin) => plugin.name);

describe("starting analytics", () => {
  afterEach(() => {
    if (tracking.ampli.isLoaded) stopAnalytics();
    tracking.setMode("off");
    document.body.innerHTML = "";
  });

  it("gives the browser the main thread back between init, the click capture and the visitor's flags", async () => {
    ingestion();
    const seen: string[] = [];
    await startAnalytics(config, visitor, async () => {
      seen.push(
        plugins().includes(AUTOCAPTURE_PLUGIN) ? "yield with clicks" : "yield before clicks",
      );
    });
    expect(seen).toEqual(["yield before clicks", "yield with clicks"]);
    expect(plugins()).toContain(AUTOCAPTURE_PLUGIN);
  });

  it("captures clicks without watching what the page shows (no intersection observers, no viewport events)", async () => {
    const events = ingestion();
    const watched = vi.fn();
    // jsdom has no IntersectionObserver: this one counts what the SDK would watch.
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        observe(target: Element) {
          watched(target);
        }
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    document.body.innerHTML =
      '<main><a href="/pricing/">Pricing</a><button type="button">Book a demo</button></main>';
    await startAnalytics(config, visitor, async () => undefined);
    tracking.setMode("on");
    document.querySelector("button")?.click();
    await vi.waitFor(
      () => expect(events.map((e) => e.event_type)).toContain("[Amplitude] Element Clicked"),
      { timeout: 4000 },
    );
    expect(watched).not.toHaveBeenCalled();
    // Sent as plain requests: DevTools never sees a keepalive request end (the Lighthouse profile waited 45 s).
    expect(keepalive.length).toBeGreaterThan(0);
    expect(keepalive.every((value) => !value)).toBe(true);
    expect(events.map((e) => e.event_type)).not.toContain("[Amplitude] Viewport Content Updated");
  });

  it("tracks what a visitor presses, not the form fields: no click or change event from an input, a select or a textarea", async () => {
    const events = ingestion();
    document.body.innerHTML = `<main><form>
      <label for="email">Work email</label><input id="email" name="email" type="email">
      <select name="volume"><option value="">Choose…</option><option value="1">Up to 10k</option></select>
      <textarea name="message"></textarea>
      <button type="submit">Talk to sales</button></form></main>`;
    document.querySelector("form")?.addEventListener("submit", (event) => event.preventDefault());
    await startAnalytics(config, visitor, async () => undefined);
    tracking.setMode("on");
    const email = document.querySelector<HTMLInputElement>("#email")!;
    const select = document.querySelector("select")!;
    const message = document.querySelector("textarea")!;
    email.click();
    email.value = "ana@example.com";
    email.dispatchEvent(new Event("change", { bubbles: true }));
    select.click();
    select.value = "1";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    message.click();
    message.value = "Card testing at checkout.";
    message.dispatchEvent(new Event("change", { bubbles: true }));
    document.querySelector("label")?.click();
    document.querySelector("button")?.click();
    const clicked = () =>
      events
        .filter((e) => e.event_type === "[Amplitude] Element Clicked")
        .map((e) => e.event_properties?.["[Amplitude] Element Tag"]);
    await vi.waitFor(() => expect(clicked()).toContain("button"), { timeout: 4000 });
    expect(clicked()).toContain("label");
    expect(clicked()).not.toContain("input");
    expect(clicked()).not.toContain("select");
    expect(clicked()).not.toContain("textarea");
    expect(events.map((e) => e.event_type)).not.toContain("[Amplitude] Element Changed");
  });

  it("writes the unsent events after the frame of the click that queued them, not inside it", async () => {
    // Nothing is ever answered, so every event stays unsent (and in storage) for the whole test.
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const frames: FrameRequestCallback[] = [];
    document.body.innerHTML = '<main><button type="button">Book a demo</button></main>';
    await startAnalytics(config, visitor, async () => undefined);
    tracking.setMode("on");
    const unsent = () =>
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith("AMP_unsent"))
        .map((key) => window.localStorage.getItem(key))
        .join("");
    // The frames are the test's from here: the write waits for one.
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    document.querySelector("button")?.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unsent()).not.toContain("[Amplitude] Element Clicked");
    for (const frame of frames.splice(0)) frame(performance.now());
    await vi.waitFor(() => expect(unsent()).toContain("[Amplitude] Element Clicked"));
  });

  it("sends a batch in a task after the one that gathered it: nothing goes out until the browser has had the thread", async () => {
    const events = ingestion();
    const batch = await startWithHeldBatch(config, visitor);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    batch.release();
    await vi.waitFor(() => expect(events.map((e) => e.event_type)).toContain("Web CTA Clicked"));
    expect(keepalive).toEqual([false]);
  });

  it("stops between the steps when consent goes meanwhile: no click capture is left behind", async () => {
    ingestion();
    let client: unknown = null;
    await startAnalytics(config, visitor, async () => {
      client ??= tracking.ampli.client;
      if (tracking.ampli.isLoaded) stopAnalytics();
    });
    const left = (client as { timeline: { plugins: Array<{ name?: string }> } }).timeline.plugins;
    expect(left.map((plugin) => plugin.name)).not.toContain(AUTOCAPTURE_PLUGIN);
  });
});
