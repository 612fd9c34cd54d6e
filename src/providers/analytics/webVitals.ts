/**
 * Real visitors' page speed: LCP, INP, CLS, FCP and TTFB (web-vitals' attribution build, so each says which element
 * or interaction made it), gathered from analytics' start on and sent as one event when the page is first hidden.
 * Part of the analytics chunk: nothing here loads or runs before consent.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals/attribution";
import type {
  CLSMetricWithAttribution,
  FCPMetricWithAttribution,
  INPMetricWithAttribution,
  LCPMetricWithAttribution,
  MetricWithAttribution,
  TTFBMetricWithAttribution,
} from "web-vitals/attribution";
import { categoryFor } from "../../config/routes";
import { isTrackablePath } from "./pageView";

/** The event's type in Amplitude (docs/contracts/amplitude.md, "Web Vitals"). */
export const WEB_VITALS_EVENT = "Web Vitals";

export type VitalName = MetricWithAttribution["name"];
type Detail = Record<string, string | number>;

export type WebVitalsProperties = {
  "page path": string;
  "page category"?: string;
  "navigation type": string;
} & Partial<Record<VitalName, Detail>>;

/** Longest selector or address kept, like the SDK's cap on captured text. */
const TEXT_MAX = 255;
const ms = (value: number) => Math.round(value);
const text = (value: string | undefined) => (value ?? "").slice(0, TEXT_MAX);

/** A resource's address without its query or fragment, which can carry a token; the site's own by its path. */
export function resourceAddress(url: string | undefined, origin: string): string {
  if (!url) return "";
  try {
    const parsed = new URL(url, origin);
    return text(parsed.origin === origin ? parsed.pathname : `${parsed.origin}${parsed.pathname}`);
  } catch {
    return "";
  }
}

/** What the event says of one metric: its value, its rating and what caused it. */
export function describeMetric(metric: MetricWithAttribution, origin: string): Detail {
  const base = {
    value: metric.name === "CLS" ? Number(metric.value.toFixed(4)) : ms(metric.value),
    rating: metric.rating,
  };
  switch (metric.name) {
    case "LCP": {
      const a = (metric as LCPMetricWithAttribution).attribution;
      return {
        ...base,
        element: text(a.target),
        resource: resourceAddress(a.url, origin),
        timeToFirstByte: ms(a.timeToFirstByte),
        resourceLoadDelay: ms(a.resourceLoadDelay),
        resourceLoadDuration: ms(a.resourceLoadDuration),
        elementRenderDelay: ms(a.elementRenderDelay),
      };
    }
    case "INP": {
      const a = (metric as INPMetricWithAttribution).attribution;
      return {
        ...base,
        element: text(a.interactionTarget),
        interaction: a.interactionType ?? "",
        inputDelay: ms(a.inputDelay),
        processingDuration: ms(a.processingDuration),
        presentationDelay: ms(a.presentationDelay),
        loadState: a.loadState,
      };
    }
    case "CLS": {
      const a = (metric as CLSMetricWithAttribution).attribution;
      return {
        ...base,
        element: text(a.largestShiftTarget),
        largestShiftTime: ms(a.largestShiftTime ?? 0),
        loadState: a.loadState ?? "",
      };
    }
    case "FCP": {
      const a = (metric as FCPMetricWithAttribution).attribution;
      return {
        ...base,
        timeToFirstByte: ms(a.timeToFirstByte),
        firstByteToFCP: ms(a.firstByteToFCP),
        loadState: a.loadState,
      };
    }
    case "TTFB": {
      const a = (metric as TTFBMetricWithAttribution).attribution;
      return {
        ...base,
        waitingDuration: ms(a.waitingDuration),
        cacheDuration: ms(a.cacheDuration),
        dnsDuration: ms(a.dnsDuration),
        connectionDuration: ms(a.connectionDuration),
        requestDuration: ms(a.requestDuration),
      };
    }
  }
}

type Observe = (report: (metric: MetricWithAttribution) => void) => void;

/** web-vitals' five observers, each reporting into one callback. */
const observeAll: Observe = (report) => {
  onLCP(report);
  onINP(report);
  onCLS(report);
  onFCP(report);
  onTTFB(report);
};

export type WebVitalsOptions = {
  /** Share of page loads reported, 0 to 1 (GATSBY_WEB_VITALS_SAMPLE_RATE). */
  sampleRate: number;
  origin: string;
  /** Sends the one event (the SDK, by beacon: the page may be closing). */
  send: (properties: WebVitalsProperties) => void;
  random?: () => number;
  observe?: Observe;
  target?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
};

let stopCurrent: (() => void) | null = null;

/** The path of the document's own load (its navigation entry), or null when it is not the site's. */
export function landingPath(
  navigation: Pick<PerformanceNavigationTiming, "name"> | undefined,
  origin: string,
): string | null {
  try {
    const url = new URL(navigation?.name ?? window.location.href);
    return url.origin === origin ? url.pathname : null;
  } catch {
    return null;
  }
}

/**
 * Starts gathering, if this page load is in the sample and its path may be reported. The event goes when the page
 * is first hidden (the visitor leaves, closes or switches away), so INP and CLS cover the page's whole visit.
 * Returns whether this page load is reported.
 */
export function startWebVitals(options: WebVitalsOptions): boolean {
  stopWebVitals();
  const { sampleRate, origin, send, random = Math.random } = options;
  const navigation = performance.getEntriesByType?.("navigation")[0] as
    PerformanceNavigationTiming | undefined;
  // The page load's own path (where LCP, FCP and TTFB were measured), wherever the visitor is now.
  const pathname = landingPath(navigation, origin);
  if (pathname === null || !isTrackablePath(pathname) || !(random() < sampleRate)) return false;
  const target = options.target ?? document;
  const metrics = new Map<VitalName, Detail>();
  // Registered before the listener below: web-vitals settles INP, CLS and LCP in its own (window, capture)
  // visibilitychange listeners, which run before this one (on the document, where the event is dispatched).
  (options.observe ?? observeAll)((metric) =>
    metrics.set(metric.name, describeMetric(metric, origin)),
  );
  const onChange = () => {
    if (target.visibilityState !== "hidden") return;
    stopWebVitals();
    send({
      "page path": pathname,
      ...(categoryFor(pathname) ? { "page category": categoryFor(pathname) } : {}),
      "navigation type": navigation?.type ?? "navigate",
      ...Object.fromEntries(metrics),
    });
  };
  target.addEventListener("visibilitychange", onChange);
  stopCurrent = () => target.removeEventListener("visibilitychange", onChange);
  return true;
}

/** Nothing more is sent (consent withdrawn, or the one event went). */
export function stopWebVitals(): void {
  stopCurrent?.();
  stopCurrent = null;
}
