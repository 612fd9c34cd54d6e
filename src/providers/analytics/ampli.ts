/**
 * The tracking plan as a typed wrapper around the Amplitude Browser SDK, in the shape of a generated
 * "Ampli" module (docs/contracts/amplitude.md §4): `load()` once, then one typed method per event of the tracking plan.
 * The SDK itself is passed in by the caller, which imports it on demand: nothing here weighs on a page.
 */
import type { WebPageViewedProperties } from "./pageView";

export const NOT_INITIALIZED =
  "ERROR: Ampli is not yet initialized. Have you called ampli.load() on app start?";
export const ALREADY_INITIALIZED =
  "WARNING: Ampli is already initialized. Ampli.load() should be called once at application startup.";
export const LOAD_REQUIRES_KEY =
  "ERROR: ampli.load() requires 'environment', 'client.apiKey', or 'client.instance'";

type Properties = Record<string, string | number | boolean | undefined>;

/** The tracking plan: every event and what each carries. */
export type EventProperties = {
  "Web Page Viewed": WebPageViewedProperties;
  "Sales Contacted": { formId: string; region?: string; "page path": string };
  "Get Demo Contacted": { formId: string; region?: string; "page path": string };
  "ROI Calculator Used": { field: string };
  "ROI Calculator Form Submitted": {
    estimatedCost: number;
    estimatedSaving: number;
    transactionsPerMonth: number;
  };
  "Web Form Submitted": { formId: string; "page path": string };
  "Signup Options Shown": { "page path": string };
  "Signup Started": { method: string; "page path": string };
  "Web CTA Clicked": { label: string; href: string; placement: string; "page path": string };
  "Web Sales Call Scheduled": { formId: string; "page path": string };
};
export type EventName = keyof EventProperties;

/** The part of the SDK's BrowserClient the plan uses (so unit tests can hand in a recorder). */
export interface AnalyticsClient {
  init(
    apiKey: string,
    userId?: string,
    options?: Record<string, unknown>,
  ): { promise: Promise<unknown> };
  track(eventType: string, properties?: Properties): unknown;
  setGroup(groupType: string, groupName: string): unknown;
  identify(identify: unknown): unknown;
  setOptOut(optOut: boolean): void;
  /** The SDK's live configuration (public on its client); `offline` stops its scheduler and flush. */
  config?: { offline?: boolean | null };
  /** Removes a plugin by name, running its teardown (listeners detached). */
  remove?(pluginName: string): unknown;
  flush(): { promise: Promise<unknown> };
  reset(): void;
}

export type LoadOptions = {
  disabled?: boolean;
  client: { apiKey?: string; instance?: AnalyticsClient; configuration?: Record<string, unknown> };
};

type Logger = Pick<Console, "error" | "warn">;

export class Ampli {
  private instance: AnalyticsClient | null = null;
  private disabled = false;

  constructor(private readonly logger: Logger = console) {}

  get isLoaded(): boolean {
    return this.instance !== null;
  }

  get client(): AnalyticsClient | null {
    return this.instance;
  }

  /** Adopts an instance (already created by the caller) and initialises it with the key. */
  load(options: LoadOptions): { promise: Promise<void> } {
    this.disabled = options.disabled ?? false;
    if (this.instance) {
      this.logger.warn(ALREADY_INITIALIZED);
      return { promise: Promise.resolve() };
    }
    const { apiKey, instance, configuration } = options.client;
    if (!instance || (!apiKey && !configuration)) {
      this.logger.error(LOAD_REQUIRES_KEY);
      return { promise: Promise.resolve() };
    }
    this.instance = instance;
    const promise = apiKey
      ? instance.init(apiKey, undefined, configuration).promise.then(() => undefined)
      : Promise.resolve();
    return { promise };
  }

  /** Forgets the instance (consent withdrawn); a later load starts again. */
  unload(): void {
    this.instance = null;
  }

  track<E extends EventName>(event: E, properties: EventProperties[E]): void {
    if (this.disabled) return;
    if (!this.instance) {
      this.logger.error(NOT_INITIALIZED);
      return;
    }
    this.instance.track(event, properties as unknown as Properties);
  }

  setGroup(groupType: string, groupName: string): void {
    if (this.disabled) return;
    if (!this.instance) {
      this.logger.error(NOT_INITIALIZED);
      return;
    }
    this.instance.setGroup(groupType, groupName);
  }

  flush(): Promise<void> {
    return this.instance ? this.instance.flush().promise.then(() => undefined) : Promise.resolve();
  }

  webPageViewed(properties: EventProperties["Web Page Viewed"]): void {
    this.track("Web Page Viewed", properties);
  }
  salesContacted(properties: EventProperties["Sales Contacted"]): void {
    this.track("Sales Contacted", properties);
  }
  getDemoContacted(properties: EventProperties["Get Demo Contacted"]): void {
    this.track("Get Demo Contacted", properties);
  }
  roiCalculatorUsed(properties: EventProperties["ROI Calculator Used"]): void {
    this.track("ROI Calculator Used", properties);
  }
  roiCalculatorFormSubmitted(properties: EventProperties["ROI Calculator Form Submitted"]): void {
    this.track("ROI Calculator Form Submitted", properties);
  }
  webFormSubmitted(properties: EventProperties["Web Form Submitted"]): void {
    this.track("Web Form Submitted", properties);
  }
  signupOptionsShown(properties: EventProperties["Signup Options Shown"]): void {
    this.track("Signup Options Shown", properties);
  }
  signupStarted(properties: EventProperties["Signup Started"]): void {
    this.track("Signup Started", properties);
  }
  webCtaClicked(properties: EventProperties["Web CTA Clicked"]): void {
    this.track("Web CTA Clicked", properties);
  }
  webSalesCallScheduled(properties: EventProperties["Web Sales Call Scheduled"]): void {
    this.track("Web Sales Call Scheduled", properties);
  }
}
