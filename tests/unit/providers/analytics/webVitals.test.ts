// @vitest-environment jsdom
// The web-vitals report: one event per sampled page load when the page is first hidden, with each metric's
// attribution; nothing for a page load out of the sample, nothing after stop (consent withdrawn).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MetricWithAttribution } from "web-vitals/attribution";
import {
  describeMetric,
  landingPath,
  resourceAddress,
  startWebVitals,
  stopWebVitals,
  type WebVitalsProperties,
} from "../../../../src/providers/analytics/webVitals";
import { readPublicEnv } from "../../../../src/config/env";

const ORIGIN = window.location.origin;

/** A page whose visibility the test sets, and metrics it reports through the injected observer. */
function fakePage() {
  const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  target.visibilityState = "visible";
  let report: (metric: MetricWithAttribution) => void = () => undefined;
  return {
    target,
    observe: (callback: (metric: MetricWithAttribution) => void) => {
      report = callback;
    },
    report: (metric: Partial<MetricWithAttribution>) => report(metric as MetricWithAttribution),
    hide() {
      target.visibilityState = "hidden";
      target.dispatchEvent(new Event("visibilitychange"));
    },
    show() {
      target.visibilityState = "visible";
      target.dispatchEvent(new Event("visibilitychange"));
    },
  };
}

const LCP = {
  name: "LCP",
  value: 812.6,
  rating: "good",
  attribution: {
    target: "main > section > h1",
    url: `${ORIGIN}/static/hero.avif?token=secret#x`,
    timeToFirstByte: 102.2,
    resourceLoadDelay: 10.4,
    resourceLoadDuration: 200.9,
    elementRenderDelay: 3,
  },
} as const;
const INP = {
  name: "INP",
  value: 48,
  rating: "good",
  attribution: {
    interactionTarget: "button#menu-platform",
    interactionType: "pointer",
    inputDelay: 2.2,
    processingDuration: 30.7,
    presentationDelay: 15.1,
    loadState: "complete",
  },
} as const;
const CLS = {
  name: "CLS",
  value: 0.012345,
  rating: "good",
  attribution: { largestShiftTarget: "footer", largestShiftTime: 1500.4, loadState: "complete" },
} as const;

afterEach(() => {
  stopWebVitals();
  vi.restoreAllMocks();
});

describe("the web-vitals event", () => {
  it("is sent once, when the page is first hidden, with every metric reported by then and its attribution", () => {
    const page = fakePage();
    const sent: WebVitalsProperties[] = [];
    const started = startWebVitals({
      sampleRate: 1,
      origin: ORIGIN,
      send: (properties) => sent.push(properties),
      observe: page.observe,
      target: page.target,
    });
    expect(started).toBe(true);
    page.report(LCP as unknown as MetricWithAttribution);
    page.report(CLS as unknown as MetricWithAttribution);
    page.report(INP as unknown as MetricWithAttribution);
    expect(sent).toEqual([]);
    page.hide();
    page.show();
    page.hide();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      "page path": window.location.pathname,
      LCP: {
        value: 813,
        rating: "good",
        element: "main > section > h1",
        resource: "/static/hero.avif",
        timeToFirstByte: 102,
        resourceLoadDelay: 10,
        resourceLoadDuration: 201,
        elementRenderDelay: 3,
      },
      INP: {
        value: 48,
        element: "button#menu-platform",
        interaction: "pointer",
        processingDuration: 31,
      },
      CLS: { value: 0.0123, element: "footer", largestShiftTime: 1500 },
    });
  });

  it("is not sent for a page load out of the sample, nor after it was stopped", () => {
    const out = fakePage();
    const sent: unknown[] = [];
    const options = { origin: ORIGIN, send: (p: unknown) => sent.push(p), observe: out.observe };
    expect(
      startWebVitals({ ...options, sampleRate: 0.25, random: () => 0.25, target: out.target }),
    ).toBe(false);
    out.hide();
    const stopped = fakePage();
    expect(
      startWebVitals({ ...options, sampleRate: 0.25, random: () => 0.2, target: stopped.target }),
    ).toBe(true);
    stopWebVitals();
    stopped.hide();
    expect(sent).toEqual([]);
  });
});

describe("what it may say", () => {
  it("keeps a resource's path, never its query or fragment", () => {
    expect(resourceAddress(`${ORIGIN}/a.png?x=1#y`, ORIGIN)).toBe("/a.png");
    expect(resourceAddress("https://cdn.test/b.png?sig=2", ORIGIN)).toBe("https://cdn.test/b.png");
    expect(resourceAddress(undefined, ORIGIN)).toBe("");
  });

  it("reports the page load's own path, and none for another origin's", () => {
    expect(landingPath({ name: `${ORIGIN}/pricing/?utm_source=x` }, ORIGIN)).toBe("/pricing/");
    expect(landingPath({ name: "https://elsewhere.test/" }, ORIGIN)).toBeNull();
  });

  it("rounds FCP and TTFB to milliseconds with their parts", () => {
    const fcp = {
      name: "FCP",
      value: 300.6,
      rating: "good",
      attribution: { timeToFirstByte: 99.5, firstByteToFCP: 201.1, loadState: "dom-interactive" },
    };
    expect(describeMetric(fcp as unknown as MetricWithAttribution, ORIGIN)).toEqual({
      value: 301,
      rating: "good",
      timeToFirstByte: 100,
      firstByteToFCP: 201,
      loadState: "dom-interactive",
    });
  });
});

describe("GATSBY_WEB_VITALS_SAMPLE_RATE", () => {
  it("defaults to one page load in ten, takes 0 to 1, and names itself when wrong", () => {
    expect(readPublicEnv({}).webVitalsSampleRate).toBe(0.1);
    expect(readPublicEnv({ GATSBY_WEB_VITALS_SAMPLE_RATE: "1" }).webVitalsSampleRate).toBe(1);
    expect(readPublicEnv({ GATSBY_WEB_VITALS_SAMPLE_RATE: "0.25" }).webVitalsSampleRate).toBe(0.25);
    for (const bad of ["2", "-0.1", "ten", "50%"]) {
      expect(() => readPublicEnv({ GATSBY_WEB_VITALS_SAMPLE_RATE: bad })).toThrow(
        /GATSBY_WEB_VITALS_SAMPLE_RATE must be a number from 0 to 1/,
      );
    }
  });
});
