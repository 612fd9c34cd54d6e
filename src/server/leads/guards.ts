// What a lead request passes before anything is stored: its Idempotency-Key (replays) and the limits per email and address.
import { createHash } from "node:crypto";
import { addressBucket } from "../http/clientAddress";
import type { LeadsEnv } from "../env";
import { errorResponse, json } from "../http/responses";
import type { LeadStore } from "./leadStore";

/** UUIDs from the site's forms; any other client may use up to 255 printable characters (as IETF's draft allows). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key, null without one, or a 400 for a malformed one. */
export function readIdempotencyKey(request: Request): string | null | Response {
  const raw = request.headers.get("idempotency-key");
  if (raw === null) return null;
  const key = raw.trim().replace(/^"(.*)"$/, "$1");
  if (!KEY.test(key)) {
    return errorResponse(
      400,
      "invalid_idempotency_key",
      "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
    );
  }
  return key;
}

/**
 * The answer for a key already used within 24 h: the first request's answer when the body is the
 * same (or 200 with its lead id while its first attempt is still running), 422 when it differs.
 */
export async function replayAnswer(
  store: LeadStore,
  key: string,
  fingerprint: string,
): Promise<Response | null> {
  const known = await store.findKey(key);
  if (!known) return null;
  if (known.fingerprint !== fingerprint) {
    return errorResponse(
      422,
      "idempotency_key_reused",
      "This submission key was already used for different form data. Reload the page and send the form again.",
    );
  }
  const answer = known.record.answer ?? { status: 200, body: { ok: true, id: known.record.id } };
  return json(answer.body, {
    status: answer.status,
    headers: { "cache-control": "no-store", "idempotent-replayed": "true" },
  });
}

/** Minutes or hours, for the visitor: "in 3 minutes", never "in 173 seconds". */
function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return "a minute";
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "an hour" : `${hours} hours`;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The counter of one email address: hashed, so the rate table holds no address in the clear. */
const emailKey = (endpoint: string, email: string) =>
  `email:${endpoint}:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`;

function refused(code: string, message: string, retryAfterMs: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return errorResponse(429, code, message, undefined, {
    headers: { "retry-after": String(seconds) },
  });
}

/**
 * Counts one submission against the limits that tell a repeat from a colleague, and answers 429 past
 * either: the same email address on this endpoint (3 an hour: someone sending the form again), then
 * the client address (an IPv4 address, an IPv6 /64) on this endpoint, loosely (30 a minute, 300 an
 * hour), so an office behind one NAT signs up together while a flood from one address still stops.
 * The email is counted first, so a repeat refused there costs the address's colleagues nothing. A
 * retry with the same Idempotency-Key never gets here: it is answered from the store, uncounted.
 * Without a platform-given address (a handler called directly) nothing is counted.
 */
export async function takeSubmissionSlot(
  store: LeadStore,
  env: LeadsEnv,
  endpoint: string,
  clientIp: string | null | undefined,
  email?: unknown,
): Promise<Response | null> {
  if (!clientIp) return null;
  const { perMinute, perHour, perEmail } = env.delivery;
  if (typeof email === "string" && email.trim() !== "" && perEmail > 0) {
    const taken = await store.take(emailKey(endpoint, email), [{ max: perEmail, ms: HOUR }]);
    if (!taken.ok)
      return refused(
        "repeated_submission",
        `This form was just sent several times with this email address. Please wait ${waitText(taken.retryAfterMs)} before sending it again.`,
        taken.retryAfterMs,
      );
  }
  const windows = [
    { max: perMinute, ms: MINUTE },
    { max: perHour, ms: HOUR },
  ].filter((window) => window.max > 0);
  if (windows.length === 0) return null;
  const taken = await store.take(`ip:${endpoint}:${addressBucket(clientIp)}`, windows);
  if (taken.ok) return null;
  // Said to everyone the address limit refuses, colleagues included: true for each of them.
  return refused(
    "too_many_submissions",
    `Too many sign-ups from your network just now; please try again in ${waitText(taken.retryAfterMs)}.`,
    taken.retryAfterMs,
  );
}
