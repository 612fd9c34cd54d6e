// @vitest-environment jsdom
// Remote configuration with the real Amplitude SDK pinned here: the site starts it with no
// remote-configuration fetch, and the SDK's own fetch, when switched on, is not the one a remote
// configuration is often described as (one GET /config?api_key…&config_keys…&session_id…, five retries a
// second apart, its own log messages): README, Analytics.
import * as amplitude from "@amplitude/analytics-browser";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startAnalytics, stopAnalytics } from "../../../../src/providers/analytics/startAnalytics";
import { tracking } from "../../../../src/providers/analytics/tracking";

const SERVER = "http://127.0.0.1:9/2/httpapi";
const API_KEY = "0123456789abcdef0123456789abcdef";
const DESCRIBED_MESSAGES = [
  "Remote config fetch rejected due to timeout after 5 seconds",
  "Remote config fetch rejected due to exceeded retry count",
  "Network error occurred, remote config fetch failed",
];

/** Every request the SDK makes; ingestion answers 200, anything else (remote config) 500. */
function recordRequests() {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: RequestInfo | URL) => {
      urls.push(String(url));
      const ok = String(url) === SERVER;
      return new Response(JSON.stringify(ok ? { code: 200, events_ingested: 1 } : {}), {
        status: ok ? 200 : 500,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return urls;
}

/** What the SDK writes to the console (its logger is console-backed). */
function recordConsole() {
  const lines: string[] = [];
  for (const level of ["log", "debug", "info", "warn", "error"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
  return lines;
}

describe("remote configuration", () => {
  afterEach(() => {
    if (tracking.ampli.isLoaded) stopAnalytics();
    tracking.setMode("off");
  });

  it("is never fetched after consent: the site's SDK start asks only the ingestion URL", async () => {
    const urls = recordRequests();
    await startAnalytics(
      { apiKey: API_KEY, serverUrl: SERVER, exposureProxy: true, deviceGroupType: "Test device" },
      { visitorId: "visitorRemoteConfig01", botDetected: false, vmDetected: false },
    );
    tracking.setMode("on");
    tracking.webCtaClicked({ label: "Book", href: "/demo/", placement: "hero", "page path": "/" });
    await vi.waitFor(() => expect(urls).toContain(SERVER), { timeout: 4000 });
    expect(urls.filter((url) => url !== SERVER)).toEqual([]);
  });

  it("in SDK 2.47, when switched on, is another endpoint with other numbers and none of those log messages", async () => {
    const urls = recordRequests();
    const console = recordConsole();
    const client = amplitude.createInstance();
    await client.init(API_KEY, undefined, {
      serverUrl: SERVER,
      autocapture: false,
      logLevel: amplitude.Types.LogLevel.Verbose,
    }).promise;
    const configCalls = await vi.waitFor(() => {
      const calls = urls.filter((url) => url !== SERVER);
      expect(calls).toHaveLength(6);
      return calls;
    });
    // Not GET /config?api_key=…&config_keys=…&session_id=…, but one URL per key and group.
    expect(new Set(configCalls)).toEqual(
      new Set([`https://sr-client-cfg.amplitude.com/config/${API_KEY}?config_group=browser`]),
    );
    expect(configCalls.join(" ")).not.toMatch(/config_keys|session_id|api_key=/);
    // A 5xx is tried 3 times within the SDK's 1 s budget, not 5 times `attempts × 1 s` apart;
    // init asks twice (its diagnostics settings, then its own), so two rounds of 3.
    expect(configCalls).toHaveLength(6);
    for (const message of DESCRIBED_MESSAGES)
      expect(
        console.some((line) => line.includes(message)),
        message,
      ).toBe(false);
    client.setOptOut(true);
  });
});
