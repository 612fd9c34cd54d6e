// Proof that the caller of an events or visits lookup is the browser an identification came from: the
// event (read with the secret key) is young and was made from the caller's own address.
import { addressBucket, normalizeIp } from "../../http/clientAddress";
import { errorResponse } from "../../http/responses";

type V4Geolocation = {
  country?: { code?: string; name?: string };
  continent?: { code?: string; name?: string };
};

/** The parts of a Server API v4 event (GET /v4/events/{event_id}) the functions read. */
export type V4Event = {
  event_id?: string;
  /** When the identification was made, in ms since the epoch. */
  timestamp?: number;
  url?: string;
  /** The address the identification request came from (through the proxy: FPJS-Proxy-Client-IP). */
  ip_address?: string;
  identification?: { visitor_id?: string };
  bot?: unknown;
  bot_error?: { message?: unknown };
  virtual_machine?: unknown;
  ip_info?: { v4?: { geolocation?: V4Geolocation }; v6?: { geolocation?: V4Geolocation } };
};

/**
 * How old an identification may be and still open its lookups. The browser asks right after it
 * identified (a fresh request id every round), so this only has to cover a slow page.
 */
export const PROOF_MAX_AGE_MS = 10 * 60_000;
/** Fingerprint's clock may run a little ahead of ours; an event from further in the future is refused. */
const FUTURE_SKEW_MS = 60_000;

const refuse = (code: string, message: string) => errorResponse(403, code, message);

/** The 403 for a lookup without a request id to prove anything with (nothing is asked upstream). */
export function proofMissing(): Response {
  return refuse(
    "identification_required",
    "Send the x-request-id of this browser's identification from the last 10 minutes.",
  );
}

/** The 403 for a request id the Server API does not know. */
export function proofUnknown(): Response {
  return refuse("identification_unknown", "No identification event has this request id.");
}

/**
 * Null when the event proves the caller: made at most 10 minutes ago, from the caller's address (the
 * same IPv4 address, or the same IPv6 /64, which a browser's privacy addresses move within).
 * Otherwise the 403 to answer.
 */
export function proveEvent(
  event: V4Event,
  clientIp: string | null | undefined,
  now: number = Date.now(),
): Response | null {
  const eventIp = normalizeIp(event.ip_address);
  if (!clientIp || eventIp === null || addressBucket(eventIp) !== addressBucket(clientIp)) {
    return refuse(
      "identification_elsewhere",
      "This identification was made from another address; identify this browser again.",
    );
  }
  const age = typeof event.timestamp === "number" ? now - event.timestamp : Number.NaN;
  if (!(age <= PROOF_MAX_AGE_MS && age >= -FUTURE_SKEW_MS)) {
    return refuse(
      "identification_stale",
      "This identification is older than 10 minutes; identify this browser again.",
    );
  }
  return null;
}
