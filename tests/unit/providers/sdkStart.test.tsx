// @vitest-environment jsdom
// Neither SDK starts before the page's largest paint is on screen: the identification runner (the Fingerprint
// SDK's chunk) and the analytics start (Amplitude's) wait for it, then for idle time.
import * as React from "react";
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetLargestPaint } from "../../../src/runtime/afterLargestPaint";
import { ConsentContext, type ConsentState } from "../../../src/providers/consent/useConsent";
import { IdentificationProvider } from "../../../src/providers/identification/IdentificationProvider";
import AnalyticsRunner from "../../../src/providers/analytics/AnalyticsRunner";
import { readIdentificationConfig } from "../../../src/config/identification";
import { tracking } from "../../../src/providers/analytics/tracking";
import { EXPERIMENTS } from "../../../src/config/experiments";
import type { ExperimentsState } from "../../../src/providers/experiments/ExperimentsProvider";

type Flags = ExperimentsState["flags"];

const started = vi.hoisted(() => ({ fingerprint: 0, analytics: 0 }));

vi.mock("../../../src/providers/identification/FingerprintRunner", () => ({
  default: function FingerprintRunner() {
    started.fingerprint += 1;
    return null;
  },
}));
vi.mock("../../../src/providers/analytics/startAnalytics", () => ({
  startAnalytics: async () => {
    started.analytics += 1;
  },
  stopAnalytics: () => undefined,
}));

/** Largest-contentful-paint entries the test hands out. */
let paint: () => void = () => undefined;

beforeEach(() => {
  started.fingerprint = 0;
  started.analytics = 0;
  resetLargestPaint();
  const notify: Array<() => void> = [];
  class FakeObserver {
    static supportedEntryTypes = ["largest-contentful-paint"];
    constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
    observe() {
      notify.push(() => this.callback({ getEntries: () => [{ startTime: 400 }] }));
    }
    disconnect() {}
  }
  paint = () => notify.forEach((run) => run());
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  vi.stubGlobal("requestIdleCallback", (run: () => void) => setTimeout(run, 1));
  vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
  vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
});
afterEach(() => {
  cleanup();
  tracking.setMode("off");
});

const consented = { analytics: true } as ConsentState;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe("the SDKs' start", () => {
  it("identification: the Fingerprint runner mounts only after the largest paint", async () => {
    const config = readIdentificationConfig({ GATSBY_FPJS_PUBLIC_API_KEY: "unitPublicKey001" });
    render(
      <ConsentContext.Provider value={consented}>
        <IdentificationProvider config={config}>page</IdentificationProvider>
      </ConsentContext.Provider>,
    );
    await wait(300);
    expect(started.fingerprint).toBe(0);
    await act(async () => paint());
    await vi.waitFor(() => expect(started.fingerprint).toBeGreaterThan(0));
  });

  it("analytics: the Amplitude start waits for the largest paint even once the visitor is identified", async () => {
    render(
      <AnalyticsRunner
        config={{
          apiKey: "0123456789abcdef0123456789abcdef",
          serverUrl: "http://127.0.0.1:9/2/httpapi",
          exposureProxy: true,
          deviceGroupType: "Unit device",
        }}
        identification={{
          status: "loaded",
          visitorId: "visitorUnitTest00001",
          requestId: "1767225600123.Ab3dEf",
          bot: { result: "notDetected", bad: false, source: "pro" },
          refresh: () => undefined,
        }}
        flags={Object.fromEntries(EXPERIMENTS.map((key) => [key, "control"])) as Flags}
      />,
    );
    await wait(300);
    expect(started.analytics).toBe(0);
    await act(async () => paint());
    await vi.waitFor(() => expect(started.analytics).toBe(1));
  });
});
