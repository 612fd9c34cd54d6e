// The meter on every function that spends a secret or an outside quota (Fingerprint, Amplitude,
// Greenhouse, the CMS login's token exchange): one budget per caller and secret, counted again per network, under a ceiling per
// secret across all callers; counted in the lead store's limits, 429 past any of them (docs/security.md).
import { addressBucket, networkBucket } from "../http/clientAddress";
import { readLeadsEnv, readMeterEnv, type MeterEnv } from "../env";
import { errorResponse } from "../http/responses";
import { postAlert } from "../leads/alerts";
import type { LeadStore, RateWindow } from "../leads/leadStore";
import { openLeadStore } from "../leads/openLeadStore";

/** The metered functions, named as in src/server/functions.ts. */
export type MeteredFunction =
  | "fp-result"
  | "fp-events"
  | "fp-events-direct"
  | "fp-visits"
  | "amp-exp"
  | "greenhouse"
  | "cms-callback";

/** What a metered call spends: one budget per secret, whichever function spends it. */
export type MeteredSecret =
  "fingerprint-server-api" | "fingerprint-ingestion" | "amplitude" | "greenhouse" | "github-oauth";

/** Three ways into the Server API with one key are one budget, not three. */
export const SECRET_OF: Record<MeteredFunction, MeteredSecret> = {
  "fp-events": "fingerprint-server-api",
  "fp-events-direct": "fingerprint-server-api",
  "fp-visits": "fingerprint-server-api",
  "fp-result": "fingerprint-ingestion",
  "amp-exp": "amplitude",
  greenhouse: "greenhouse",
  // Only the CMS login's callback spends the App's secret (the token exchange); its start calls no one.
  "cms-callback": "github-oauth",
};

/** How an alert names a secret: by the configuration an operator knows it by. */
const SECRET_NAMES: Record<MeteredSecret, string> = {
  "fingerprint-server-api": "the Fingerprint Server API key (FPJS_SECRET_API_KEY)",
  "fingerprint-ingestion": "Fingerprint identification through /fp/result (FPJS_PROXY_SECRET)",
  amplitude: "the Amplitude API key (AMPLITUDE_API_KEY)",
  greenhouse: "the Greenhouse job board (GREENHOUSE_BOARD)",
  "github-oauth": "the CMS login's GitHub App (CMS_OAUTH_CLIENT_SECRET)",
};

/**
 * Null when the call may go on; otherwise the 429 to answer, having forwarded nothing. `clientIp` is
 * the address the host vouched for (PlatformContext.clientIp). A function calls it once per upstream
 * call it is about to make with the secret.
 */
export type Meter = (
  fn: MeteredFunction,
  clientIp: string | null | undefined,
) => Promise<Response | null>;

export type MeterDeps = {
  /** The shared counters; by default the lead store the configuration names (PostgreSQL or the file store). */
  store?: () => LeadStore;
  limits?: () => MeterEnv;
  log?: (line: string) => void;
  /** Where a reached ceiling is reported; by default the log and LEADS_ALERT_WEBHOOK_URL, as failed leads. */
  alert?: (text: string) => Promise<void>;
};

const MINUTE = 60_000;
const HOUR = 3_600_000;

const windowsOf = (perMinute: number, perHour: number): RateWindow[] =>
  [
    { max: perMinute, ms: MINUTE },
    { max: perHour, ms: HOUR },
  ].filter((window) => window.max > 0);

/** One caller's windows (an IPv4 address, an IPv6 /64); 0 turns one off. */
export function meterWindows(limits: MeterEnv): RateWindow[] {
  return windowsOf(limits.perMinute, limits.perHour);
}

/** The caller's network's windows: the caller's, times the multiplier. */
export function networkWindows(limits: MeterEnv): RateWindow[] {
  return meterWindows(limits).map((window) => ({
    ...window,
    max: window.max * limits.networkMultiplier,
  }));
}

/** Everyone's windows together, per secret. */
export function ceilingWindows(limits: MeterEnv): RateWindow[] {
  return windowsOf(limits.ceilingPerMinute, limits.ceilingPerHour);
}

/** Without an address (a handler called outside any host) every such caller shares one budget. */
const UNKNOWN = "unknown";

type Count = { key: string; windows: RateWindow[]; ceiling: boolean };

/** The counters one call is taken from, in order: the caller, its network, then everyone. */
function countsFor(secret: MeteredSecret, clientIp: string | null | undefined, limits: MeterEnv) {
  const counts: Count[] = clientIp
    ? [
        { key: addressBucket(clientIp), windows: meterWindows(limits), ceiling: false },
        { key: networkBucket(clientIp), windows: networkWindows(limits), ceiling: false },
      ]
    : [{ key: UNKNOWN, windows: meterWindows(limits), ceiling: false }];
  counts.push({ key: "*", windows: ceilingWindows(limits), ceiling: true });
  return counts
    .filter((count) => count.windows.length > 0)
    .map((count) => ({ ...count, key: `meter:${secret}:${count.key}` }));
}

function defaultAlert(log: (line: string) => void): (text: string) => Promise<void> {
  return async (text) => {
    log(`meter alert: ${text}`);
    let webhook: string | null = null;
    try {
      webhook = readLeadsEnv().delivery.alertWebhookUrl;
    } catch {
      // A lead configuration error is reported where leads are handled; the log line above stands.
    }
    await postAlert(webhook, text, fetch, log);
  };
}

function refusal(seconds: number, ceiling: boolean): Response {
  const message = ceiling
    ? `This service is taking too many requests from everyone right now. Try again in ${seconds} seconds.`
    : `Too many requests from this address. Try again in ${seconds} seconds.`;
  return errorResponse(429, "too_many_requests", message, undefined, {
    headers: { "retry-after": String(seconds) },
  });
}

export function createMeter(deps: MeterDeps = {}): Meter {
  const log = deps.log ?? ((line: string) => console.warn(line));
  const store = deps.store ?? (() => openLeadStore(readLeadsEnv()));
  const alert = deps.alert ?? defaultAlert((line) => console.error(line));
  let saidUnavailable = false;

  /**
   * Once per secret and ceiling window (the longest one set: an hour by default), across instances (the
   * lead store holds the mark): an attack that meets the minute's ceiling all hour is one alert, not 60.
   */
  async function alertOnce(counters: LeadStore, secret: MeteredSecret, limits: MeterEnv) {
    const longest = Math.max(...ceilingWindows(limits).map((window) => window.ms));
    const first = await counters.take(`meter-alert:${secret}`, [{ max: 1, ms: longest }]);
    if (!first.ok) return;
    const reached = [
      limits.ceilingPerMinute > 0 ? `${limits.ceilingPerMinute} a minute` : null,
      limits.ceilingPerHour > 0 ? `${limits.ceilingPerHour} an hour` : null,
    ].filter(Boolean);
    await alert(
      `The meter's ceiling for ${SECRET_NAMES[secret]} (${reached.join(" or ")} from all callers ` +
        "together) was reached: further calls get 429 until the window passes. If this is real " +
        "traffic, raise METER_CEILING_PER_MINUTE / METER_CEILING_PER_HOUR within the key's quota; " +
        "otherwise someone is spending it from many networks.",
    );
  }

  return async (fn, clientIp) => {
    const secret = SECRET_OF[fn];
    let refused: { retryAfterMs: number; ceiling: boolean } | null = null;
    let counters: LeadStore;
    let limits: MeterEnv;
    try {
      limits = (deps.limits ?? readMeterEnv)();
      const counts = countsFor(secret, clientIp, limits);
      if (counts.length === 0) return null;
      counters = store();
      // In order, stopping at the first refusal: a call the caller's own budget refuses is not
      // counted against everyone's ceiling, so one noisy caller cannot use it up for the others.
      for (const count of counts) {
        const taken = await counters.take(count.key, count.windows);
        if (!taken.ok) {
          refused = { retryAfterMs: taken.retryAfterMs, ceiling: count.ceiling };
          break;
        }
      }
      saidUnavailable = false;
    } catch (error) {
      // A counter store that is down must not take identification and the careers pages down with
      // it: the call goes on, and the log says so (once per instance, not per request).
      if (!saidUnavailable) {
        saidUnavailable = true;
        log(`meter: counters unavailable, calls are not metered: ${(error as Error).message}`);
      }
      return null;
    }
    if (!refused) return null;
    if (refused.ceiling) {
      await alertOnce(counters, secret, limits).catch((error: unknown) =>
        log(`meter: the ceiling's alert failed: ${(error as Error).message}`),
      );
    }
    return refusal(Math.max(1, Math.ceil(refused.retryAfterMs / 1000)), refused.ceiling);
  };
}

/** The meter every host uses. */
export const meter: Meter = createMeter();
