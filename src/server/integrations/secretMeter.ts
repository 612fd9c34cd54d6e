// The meter on every function that spends a secret or an outside quota (Fingerprint, Amplitude,
// Greenhouse, the CMS login): calls per client address and function, counted in the lead store's limits,
// 429 past them.
import { addressBucket } from "../http/clientAddress";
import { readLeadsEnv, readMeterEnv, type MeterEnv } from "../env";
import { errorResponse } from "../http/responses";
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
  | "cms-auth"
  | "cms-callback";

/**
 * Null when the call may go on; otherwise the 429 to answer, having forwarded nothing. `clientIp` is
 * the address the host vouched for (PlatformContext.clientIp).
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
};

/** The windows the limits describe; 0 turns one off. */
export function meterWindows(limits: MeterEnv): RateWindow[] {
  return [
    { max: limits.perMinute, ms: 60_000 },
    { max: limits.perHour, ms: 3_600_000 },
  ].filter((window) => window.max > 0);
}

/** Without an address (a handler called outside any host) every such caller shares one budget. */
const UNKNOWN = "unknown";

export function createMeter(deps: MeterDeps = {}): Meter {
  const log = deps.log ?? ((line: string) => console.warn(line));
  const store = deps.store ?? (() => openLeadStore(readLeadsEnv()));
  let saidUnavailable = false;
  return async (fn, clientIp) => {
    let taken;
    try {
      const windows = meterWindows((deps.limits ?? readMeterEnv)());
      if (windows.length === 0) return null;
      const bucket = clientIp ? addressBucket(clientIp) : UNKNOWN;
      taken = await store().take(`meter:${fn}:${bucket}`, windows);
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
    if (taken.ok) return null;
    const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
    return errorResponse(
      429,
      "too_many_requests",
      `Too many requests from this address. Try again in ${seconds} seconds.`,
      undefined,
      { headers: { "retry-after": String(seconds) } },
    );
  };
}

/** The meter every host uses. */
export const meter: Meter = createMeter();
