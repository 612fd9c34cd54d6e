// What a lead request passes before anything is stored: its Idempotency-Key (replays) and the per-IP abuse limits.
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

/** Minutes or hours, for the visitor: "Please wait 3 minutes", never "wait 173 seconds". */
function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return "a minute";
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "an hour" : `${hours} hours`;
}

/**
 * Counts one submission for this client address (an IPv6 address by its /64) and endpoint; a 429
 * once it would pass 5 a minute or 20 an hour (configurable). Without a platform-given address (a handler called directly) there is
 * no one to count, so nothing is limited.
 */
export async function takeSubmissionSlot(
  store: LeadStore,
  env: LeadsEnv,
  endpoint: string,
  clientIp: string | null | undefined,
): Promise<Response | null> {
  if (!clientIp) return null;
  const windows = [
    { max: env.delivery.perMinute, ms: 60_000 },
    { max: env.delivery.perHour, ms: 3_600_000 },
  ].filter((window) => window.max > 0);
  if (windows.length === 0) return null;
  const taken = await store.take(`ip:${endpoint}:${addressBucket(clientIp)}`, windows);
  if (taken.ok) return null;
  const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
  return errorResponse(
    429,
    "too_many_submissions",
    `You have sent this form several times in a short while. Please wait ${waitText(taken.retryAfterMs)} and try again.`,
    undefined,
    { headers: { "retry-after": String(seconds) } },
  );
}
