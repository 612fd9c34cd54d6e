// Client for HubSpot's Forms API v3 submit endpoint: maps a lead onto form fields and classifies the answer.
import type { FieldErrors } from "../http/responses";
import type { LeadsEnv } from "../env";
import { fetchUpstream } from "../integrations/upstream";
import { printable as printableText } from "../logText";

/** HubSpot's default contact properties have their own lowercase names; the rest keep ours. */
const HUBSPOT_PROPERTY: Record<string, string> = {
  jobTitle: "jobtitle",
  firstName: "firstname",
  lastName: "lastname",
  url: "website",
};
const OUR_FIELD = Object.fromEntries(
  Object.entries(HUBSPOT_PROPERTY).map(([ours, theirs]) => [theirs, ours]),
);

export type SubmitContext = { pageUri?: string; hutk?: string };

export type SubmitResult =
  | { kind: "accepted" }
  /**
   * HubSpot refused values of named fields (our field names). Whether the visitor can fix them
   * depends on the form they used, which only the caller knows.
   */
  | { kind: "rejected"; fields: FieldErrors; reason: string }
  /** HubSpot will refuse this lead again as it is (other 4xx): kept, never resent automatically. */
  | { kind: "failed"; reason: string }
  /** Worth sending again later (5xx, 429, timeout, reset, our configuration): the lead stays pending. */
  | {
      kind: "deferred";
      reason: string;
      rateLimited?: boolean;
      /** HubSpot's Retry-After, in ms: it is scheduling us, not judging the lead. */
      retryAfterMs?: number;
    };

const FIELD_MESSAGES: Record<string, string> = {
  INVALID_EMAIL: "This email address was not accepted. Please check it for typos.",
  BLOCKED_EMAIL: "Please use your work email address; this one cannot be used here.",
  REQUIRED_FIELD: "This field is required.",
  INVALID_NUMBER: "Enter a number.",
  NUMBER_OUT_OF_RANGE: "This number is out of range.",
  INPUT_TOO_LARGE: "This value is too long.",
  VALUE_NOT_IN_FIELD_DEFINITION: "Choose one of the options.",
};

function stringValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value && typeof value === "object") {
    // utm_info: "utm_source=google;utm_medium=cpc", the shape HubSpot's text properties keep well.
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key}=${encodeURIComponent(String(item))}`)
      .join(";");
  }
  return "";
}

/**
 * The `fields` array HubSpot wants: every non-empty value as a string. With a field map only the
 * keys it lists are sent, under its property names (the public endpoint refuses any other).
 */
export function toHubspotFields(
  payload: Record<string, unknown>,
  map?: Readonly<Record<string, string>>,
): { name: string; value: string }[] {
  return Object.entries(payload)
    .filter(([key]) => !map || Object.hasOwn(map, key))
    .map(([key, value]) => ({
      name: map ? (map[key] as string) : (HUBSPOT_PROPERTY[key] ?? key),
      value: stringValue(value),
    }))
    .filter((field) => field.value !== "");
}

/** "Error in 'fields.email'. Invalid email address" → "email" (our name for the field). */
export function fieldOfError(message: unknown): string | null {
  if (typeof message !== "string") return null;
  const match = /fields\.([A-Za-z0-9_]+)/.exec(message);
  if (!match?.[1]) return null;
  return OUR_FIELD[match[1]] ?? match[1];
}

type UpstreamError = { errorType: string; field: string | null; message: string };

/** Upstream text goes to the outbox, the log and a terminal: escaped, bounded (../logText.ts). */
const printable = (text: string, max = 140) => printableText(text.trim(), max);

/** The `errors[]` of HubSpot's 400 envelope, each with the field it names (our name), if any. */
export function upstreamErrorsOf(body: unknown): UpstreamError[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((item): item is Record<string, unknown> => item !== null && typeof item === "object")
    .map((item) => {
      const errorType = typeof item.errorType === "string" ? printable(item.errorType, 60) : "";
      const field = fieldOfError(item.message) ?? (errorType.includes("EMAIL") ? "email" : null);
      const message = typeof item.message === "string" ? printable(item.message) : "";
      return { errorType, field, message };
    });
}

/** Maps HubSpot's 400 envelope onto field messages a visitor can act on (null: not about values). */
export function fieldErrorsFrom(body: unknown): FieldErrors | null {
  const fields: FieldErrors = {};
  for (const error of upstreamErrorsOf(body)) {
    const text = FIELD_MESSAGES[error.errorType];
    if (text && error.field && !(error.field in fields)) fields[error.field] = text;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/** One line for the lead store: what HubSpot said, e.g. "HubSpot answered 400: REQUIRED_FIELD (jobTitle)". */
function describeAnswer(status: number, body: unknown): string {
  const errors = upstreamErrorsOf(body);
  if (errors.length > 0) {
    const listed = errors
      .slice(0, 5)
      .map((error) => `${error.errorType || "UNKNOWN"}${error.field ? ` (${error.field})` : ""}`)
      .join(", ");
    return `HubSpot answered ${status}: ${listed}${errors.length > 5 ? `, +${errors.length - 5} more` : ""}`;
  }
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() !== ""
    ? `HubSpot answered ${status}: ${printable(message)}`
    : `HubSpot answered ${status}`;
}

/**
 * Which answers are worth resending: HubSpot's own failures, its rate limit, and a request
 * timeout. Every other 4xx (bad values, 401/403 credentials or portal, 404 form) will come back
 * the same until someone changes the lead or the configuration.
 */
const TRANSIENT = (status: number) => status >= 500 || status === 429 || status === 408;

/** The longest wait one Retry-After may set; the lead's age limit (3 days) may cut it shorter. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** RFC 9110's HTTP-date: IMF-fixdate, and the obsolete RFC 850 and asctime forms. */
const HTTP_DATE = [
  /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/**
 * Retry-After (delay-seconds or an HTTP-date) as a wait in ms from `now`, from 0 to
 * MAX_RETRY_AFTER_MS; null when absent or unreadable (the usual backoff applies then). Upstream
 * writes this header, so it never throws and never yields a wait no Date can hold: an absurd value
 * (9999999999999, a year, a date in 2100) waits the cap, a date in the past waits nothing.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  const value = header?.trim() ?? "";
  let ms: number;
  if (/^\d+$/.test(value)) {
    ms = value.length > 10 ? MAX_RETRY_AFTER_MS : Number(value) * 1000;
  } else if (HTTP_DATE.some((pattern) => pattern.test(value))) {
    ms = Date.parse(value) - now;
  } else {
    return null;
  }
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : null;
}

/** Classifies HubSpot's answer; `body` is the parsed JSON or null. */
export function classifyAnswer(
  status: number,
  body: unknown,
  retryAfter: number | null = null,
): SubmitResult {
  if (status >= 200 && status < 300) return { kind: "accepted" };
  const reason = describeAnswer(status, body);
  if (TRANSIENT(status) || status < 400) {
    return {
      kind: "deferred",
      reason,
      ...(status === 429 ? { rateLimited: true } : {}),
      ...(retryAfter !== null ? { retryAfterMs: retryAfter } : {}),
    };
  }
  if (status === 400) {
    const fields = fieldErrorsFrom(body);
    if (fields) return { kind: "rejected", fields, reason };
  }
  return { kind: "failed", reason };
}

/** Submits one lead; never throws, so the caller's answer to the visitor cannot become a 500. */
export async function submitToHubspot(
  config: LeadsEnv["hubspot"],
  formGuid: string,
  payload: Record<string, unknown>,
  submittedAt: Date,
  context: SubmitContext,
  fetchImpl: typeof fetch = fetch,
  fieldMap?: Readonly<Record<string, string>>,
): Promise<SubmitResult> {
  if (!config.portalId) return { kind: "deferred", reason: "HubSpot is not configured" };
  const secure = config.token !== null;
  const url = `${config.apiUrl}/submissions/v3/integration/${secure ? "secure/" : ""}submit/${config.portalId}/${formGuid}`;
  const body = {
    submittedAt: String(submittedAt.getTime()),
    fields: toHubspotFields(payload, fieldMap),
    ...(context.pageUri || context.hutk
      ? {
          context: {
            ...(context.hutk ? { hutk: context.hutk } : {}),
            ...(context.pageUri ? { pageUri: context.pageUri } : {}),
          },
        }
      : {}),
  };
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (secure) headers.authorization = `Bearer ${config.token}`;
  // Only the request is bounded as a transport failure: once HubSpot has answered, its status decides,
  // and a body that is slow, cut or not JSON reads as null rather than "could not be reached".
  const outcome = await fetchUpstream(url, {
    service: "HubSpot",
    method: "POST",
    headers,
    body: JSON.stringify(body),
    timeoutMs: config.timeoutMs,
    fetch: fetchImpl,
    // HubSpot's answers are small; a larger body reads as null below and the status alone decides.
    maxBytes: 64 * 1024,
  });
  if (outcome.kind !== "answer") {
    const reasons = {
      timeout: "HubSpot timed out",
      aborted: "HubSpot could not be reached",
      unreachable: "HubSpot could not be reached",
      // Never followed: the lead (and the token) would go wherever the Location points.
      redirected: "HubSpot answered with a redirect, which is not followed",
      // Only a body `read` reads can be over the cap, and this call reads none in fetchUpstream.
      oversized: "HubSpot answered more than expected",
    };
    return { kind: "deferred", reason: reasons[outcome.kind] };
  }
  const { response } = outcome;
  const parsed: unknown = await response.json().catch(() => null);
  return classifyAnswer(response.status, parsed, retryAfterMs(response.headers.get("retry-after")));
}
