/**
 * Starts the Amplitude SDK for a visitor who allowed analytics and was identified.
 * Imported on demand by the analytics provider: the SDK is never part of a page's first load.
 */
import * as amplitude from "@amplitude/analytics-browser";
import { autocapturePlugin } from "@amplitude/plugin-autocapture-browser";
import { afterNextPaint, nextTask } from "../../runtime/nextTask";
import type { AnalyticsConfig } from "../../config/analytics";
import { removeTrackingCookies } from "../consent/cookies";
import type { AnalyticsClient } from "./ampli";
import { tracking } from "./tracking";
import {
  WEB_VITALS_EVENT,
  startWebVitals,
  stopWebVitals,
  type WebVitalsProperties,
} from "./webVitals";
import { publicEnv } from "../../config/env";

export type Visitor = { visitorId: string; botDetected: boolean; vmDetected: boolean };

/** The SDK's settings (flush, batch and session numbers), and only the automatic tracking the site wants. */
export function sdkConfiguration(config: AnalyticsConfig, visitor: Visitor, secure: boolean) {
  return {
    deviceId: visitor.visitorId,
    serverUrl: config.serverUrl,
    // Not keepalive: Chromium never tells DevTools that a keepalive request ended, so every tool on the
    // protocol (Lighthouse, PageSpeed) saw the page's network busy for its whole 45 s wait. A batch cut off by
    // leaving the page is not lost: the SDK keeps unsent events (AMP_unsent_*) and sends them on the next
    // page, and Amplitude drops a repeated insert_id.
    transport: { type: "fetch", enableKeepalive: false },
    flushIntervalMillis: 1000,
    flushMaxRetries: 5,
    flushQueueSize: 30,
    sessionTimeout: 30 * 60 * 1000,
    cookieOptions: { expiration: 365, sameSite: "Lax", secure, upgrade: true },
    // Offline detection stays the SDK's own (navigator.onLine plus online/offline events).
    autocapture: {
      attribution: false,
      pageViews: false, // the plan's own Web Page Viewed replaces it
      sessions: true,
      formInteractions: false,
      fileDownloads: false,
      // Clicks are captured by the SDK's autocapture plugin, added by startAnalytics in a task of its own
      // (CLICK_CAPTURE); the SDK would otherwise set it up inside init's one long task.
      elementInteractions: false,
      frustrationInteractions: false,
      networkTracking: false,
      webVitals: false,
      pageUrlEnrichment: false,
    },
    // No call home for remote settings: what runs is what this configuration says.
    fetchRemoteConfig: false,
    // Nor the SDK's own health reports to Amplitude (sampled at 0 by default, but still set up).
    enableDiagnostics: false,
  };
}

/**
 * What the click capture tracks: what a visitor presses (links, buttons, the labels that carry a checkbox's
 * text, media) and what the site marks. The SDK's default list also has the form controls (input, select,
 * textarea, editable text); without them a click into a field is not an event, and neither is the `change`
 * a field fires as the visitor leaves it ("[Amplitude] Element Changed", which the plan never asked for: the
 * forms report themselves). The SDK describes every `change` before it filters, reading the element's
 * attributes, ancestors and a selector for it: 5 to 7 ms at a phone's speed in the tap that submits a form
 * (the interaction benchmark, docs/performance.md). With no form control on the list, that description stops at
 * finding no tracked ancestor.
 */
export const TRACKED_ELEMENTS = [
  "a",
  "button",
  "label",
  "video",
  "audio",
  "[data-amp-default-track]",
  ".amp-default-track",
] as const;

/**
 * The click capture (on TRACKED_ELEMENTS), with the SDK's rules: card/SSN-like text skipped, text cut to 255,
 * attributes to 128, hierarchy to 1024 characters (and no password or hidden input, which the list leaves out
 * anyway). Only clicks: the plugin's "Viewport Content Updated" tracking (on unless switched off) puts an
 * intersection observer on every trackable element and rescans the page as it changes, work that landed in every
 * tap's frame (the interaction benchmark, docs/performance.md), for events the site never asked for; visual
 * tagging only serves Amplitude's own editor window.
 */
export const CLICK_CAPTURE = {
  viewportContentUpdated: { enabled: false },
  visualTaggingOptions: { enabled: false },
} as const;

/**
 * Starts the SDK in three tasks (init; the click capture; the visitor's group and flags), each after the
 * browser has had the main thread back: in one, the start made tasks of 100 ms and more at a phone's speed
 * (Lighthouse's trace, docs/performance.md). Each batch of events is then sent in a task of its own
 * (sendInATaskOfItsOwn). Stops between steps when consent went meanwhile (stopAnalytics unloaded it).
 */
export async function startAnalytics(
  config: AnalyticsConfig,
  visitor: Visitor,
  yieldToBrowser: () => Promise<void> = nextTask,
): Promise<void> {
  if (!config.apiKey || tracking.ampli.isLoaded) return;
  // The client class itself rather than createInstance()'s wrapper: its live configuration is what
  // stopAnalytics() needs to reach to drop the queue.
  const instance = new amplitude.AmplitudeBrowser();
  const client = instance as unknown as AnalyticsClient;
  const { promise } = tracking.ampli.load({
    client: {
      apiKey: config.apiKey,
      instance: client,
      configuration: sdkConfiguration(config, visitor, window.location.protocol === "https:"),
    },
  });
  await promise;
  const current = () => tracking.ampli.client === client;
  sendInATaskOfItsOwn(instance.config, current, yieldToBrowser);
  saveAfterThePaint(instance.config, current);
  await yieldToBrowser();
  if (!current()) return;
  await instance.add(
    autocapturePlugin({ ...CLICK_CAPTURE, cssSelectorAllowlist: [...TRACKED_ELEMENTS] }),
  ).promise;
  await yieldToBrowser();
  if (!current()) {
    instance.remove(AUTOCAPTURE_PLUGIN);
    return;
  }
  tracking.ampli.setGroup(config.deviceGroupType, visitor.visitorId);
  instance.identify(
    new amplitude.Identify()
      .set("botDetected", visitor.botDetected)
      .set("vmDetected", visitor.vmDetected),
  );
  startWebVitals({
    sampleRate: publicEnv.webVitalsSampleRate,
    origin: window.location.origin,
    send: (properties) => sendWhileLeaving(instance, current, properties),
  });
}

/**
 * The web-vitals event goes as the page is hidden, often because it is closing: it is sent at once with
 * sendBeacon, which the browser delivers after the page is gone (a fetch would be cancelled with it), then
 * the batches' own transport is put back for a visitor who comes back to the tab.
 */
function sendWhileLeaving(
  instance: amplitude.AmplitudeBrowser,
  current: () => boolean,
  properties: WebVitalsProperties,
): void {
  if (!current()) return;
  const kept = instance.config.transportProvider;
  instance.setTransport("beacon");
  instance.track(WEB_VITALS_EVENT, properties);
  void instance.flush().promise.finally(() => {
    instance.config.transportProvider = kept;
  });
}

type Transport = amplitude.AmplitudeBrowser["config"]["transportProvider"];

/**
 * Makes the SDK send each batch in a task after the one that gathered it. Its flush timer gathers the queued
 * events, builds the request and starts it in one task: 15 to 30 ms observed in Lighthouse's traces, 59 to 123
 * at its 4× (starting the `fetch` alone took 7 to 14 ms observed), the SDK's one task still over 50 ms after the
 * page was interactive, which moved Time to Interactive out (docs/performance.md). A batch gathered before
 * consent went is not sent, and not written back to storage either: its send never settles, as the withdrawn
 * client is never used again.
 */
export function sendInATaskOfItsOwn(
  config: { transportProvider: Transport },
  current: () => boolean,
  yieldToBrowser: () => Promise<void>,
): void {
  const inner = config.transportProvider;
  config.transportProvider = {
    async send(serverUrl, payload, compress) {
      await yieldToBrowser();
      if (!current()) return new Promise<never>(() => {});
      return inner.send(serverUrl, payload, compress);
    },
  };
}

type EventStorage = NonNullable<amplitude.AmplitudeBrowser["config"]["storageProvider"]>;

/**
 * Makes the SDK write its unsent events to storage after the frame of the event that queued them. It writes the
 * whole queue on every event, serialised, and a click it captures is queued inside the tap: 4–5 ms of a lead
 * form's submit at 4× in the profiles (docs/performance.md). Writes of one key made before that frame are one
 * write of the latest queue; a read in between gets that queue. Nothing is written once consent went (stopAnalytics
 * removes what the SDK wrote before).
 */
export function saveAfterThePaint(
  config: { storageProvider?: EventStorage },
  current: () => boolean,
  afterPaint: () => Promise<void> = afterNextPaint,
): void {
  const inner = config.storageProvider;
  if (!inner) return;
  const pending = new Map<string, Parameters<EventStorage["set"]>[1]>();
  config.storageProvider = {
    isEnabled: () => inner.isEnabled(),
    get: async (key) => (pending.has(key) ? pending.get(key) : inner.get(key)),
    getRaw: async (key) =>
      pending.has(key) ? JSON.stringify(pending.get(key)) : inner.getRaw(key),
    async set(key, value) {
      const scheduled = pending.has(key);
      pending.set(key, value);
      if (scheduled) return;
      await afterPaint();
      if (!pending.has(key)) return;
      const latest = pending.get(key);
      pending.delete(key);
      if (current() && latest !== undefined) await inner.set(key, latest);
    },
    async remove(key) {
      pending.delete(key);
      await inner.remove(key);
    },
    async reset() {
      pending.clear();
      await inner.reset();
    },
  };
}

/** The SDK's click-autocapture plugin, whose document listeners go when consent does. */
export const AUTOCAPTURE_PLUGIN = "@amplitude/plugin-autocapture-browser";

/** Consent withdrawn: nothing more is sent, queued events are dropped, and the SDK's cookies go. */
export function stopAnalytics(): void {
  stopWebVitals();
  const client = tracking.ampli.client;
  if (client) {
    // The SDK has no public call that drops its queue. Marking its configuration offline makes the
    // destination's scheduler and flush skip, so events captured before the withdrawal (the click that
    // opened the settings) are never sent; this instance is never used again (a new consent starts a
    // new one). Opting out drops anything tracked from now on; it also makes the SDK write its cookie
    // once more (asynchronously), which is removed below.
    if (client.config) client.config.offline = true;
    client.setOptOut(true);
    client.remove?.(AUTOCAPTURE_PLUGIN);
  }
  tracking.ampli.unload();
  const forget = () => {
    // The later passes run from timers: a document gone by then (a test's page torn down) has nothing left.
    if (typeof document === "undefined") return;
    removeTrackingCookies();
    try {
      // Events the SDK kept for a later retry (AMP_unsent_<key>) are the visitor's data too.
      for (const key of Object.keys(window.localStorage)) {
        if (key.startsWith("AMP_")) window.localStorage.removeItem(key);
      }
    } catch {
      // Storage not reachable: nothing of ours can be in it either.
    }
  };
  forget();
  window.setTimeout(forget, 0);
  window.setTimeout(forget, 1000);
}
