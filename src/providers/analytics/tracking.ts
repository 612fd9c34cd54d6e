/**
 * The one object the site calls to report events. Safe at any time: before consent (or with analytics
 * off) events are dropped; while consent is given but analytics is still starting (waiting for the
 * visitor id and bot result) up to 512 wait (the pre-receiver queue); once on, they go through
 * the tracking plan.
 */
import { Ampli, type EventName, type EventProperties } from "./ampli";

export type TrackingMode = "off" | "pending" | "on";
export const PENDING_QUEUE_LIMIT = 512;

type Call = (ampli: Ampli) => void;

export class Tracking {
  readonly ampli: Ampli;
  private mode: TrackingMode = "off";
  private queue: Call[] = [];
  private optionsShown = false;

  constructor(ampli: Ampli = new Ampli()) {
    this.ampli = ampli;
  }

  get current(): TrackingMode {
    return this.mode;
  }

  /** Whether sign-up options were shown in this page session (a page-view property). */
  get hasShownSignupOptions(): boolean {
    return this.optionsShown;
  }

  setMode(mode: TrackingMode): void {
    this.mode = mode;
    if (mode === "off") this.queue = [];
    if (mode === "on") {
      const waiting = this.queue;
      this.queue = [];
      for (const call of waiting) call(this.ampli);
    }
  }

  private send(call: Call): void {
    if (this.mode === "on") call(this.ampli);
    else if (this.mode === "pending" && this.queue.length < PENDING_QUEUE_LIMIT)
      this.queue.push(call);
  }

  private event<E extends EventName>(name: E, properties: EventProperties[E]): void {
    this.send((ampli) => ampli.track(name, properties));
  }

  webPageViewed(properties: EventProperties["Web Page Viewed"]): void {
    this.event("Web Page Viewed", properties);
  }
  salesContacted(properties: EventProperties["Sales Contacted"]): void {
    this.event("Sales Contacted", properties);
  }
  getDemoContacted(properties: EventProperties["Get Demo Contacted"]): void {
    this.event("Get Demo Contacted", properties);
  }
  roiCalculatorUsed(properties: EventProperties["ROI Calculator Used"]): void {
    this.event("ROI Calculator Used", properties);
  }
  roiCalculatorFormSubmitted(properties: EventProperties["ROI Calculator Form Submitted"]): void {
    this.event("ROI Calculator Form Submitted", properties);
  }
  webFormSubmitted(properties: EventProperties["Web Form Submitted"]): void {
    this.event("Web Form Submitted", properties);
  }
  signupOptionsShown(properties: EventProperties["Signup Options Shown"]): void {
    this.optionsShown = true;
    this.event("Signup Options Shown", properties);
  }
  signupStarted(properties: EventProperties["Signup Started"]): void {
    this.event("Signup Started", properties);
  }
  webCtaClicked(properties: EventProperties["Web CTA Clicked"]): void {
    this.event("Web CTA Clicked", properties);
  }
  webSalesCallScheduled(properties: EventProperties["Web Sales Call Scheduled"]): void {
    this.event("Web Sales Call Scheduled", properties);
  }
}

export const tracking = new Tracking();
