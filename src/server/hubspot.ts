// Client for HubSpot's Forms API v3 submit endpoint: maps a lead onto form fields and classifies the answer.
import type { FieldErrors } from "./http";
import type { LeadsEnv } from "./env";

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
  /** HubSpot refused the values: the visitor can fix them. */
  | { kind: "rejected"; fields: FieldErrors; message: string }
  /** Anything else (5xx, 429, timeout, reset, our configuration): the lead waits in the outbox. */
  | { kind: "deferred"; reason: string };

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

/** The `fields` array HubSpot wants: every non-empty value as a string. */
export function toHubspotFields(
  payload: Record<string, unknown>,
): { name: string; value: string }[] {
  return Object.entries(payload)
    .map(([key, value]) => ({ name: HUBSPOT_PROPERTY[key] ?? key, value: stringValue(value) }))
    .filter((field) => field.value !== "");
}

/** "Error in 'fields.email'. Invalid email address" → "email" (our name for the field). */
export function fieldOfError(message: unknown): string | null {
  if (typeof message !== "string") return null;
  const match = /fields\.([A-Za-z0-9_]+)/.exec(message);
  if (!match?.[1]) return null;
  return OUR_FIELD[match[1]] ?? match[1];
}

/** Maps HubSpot's 400 envelope onto field messages a visitor can act on (null: not about values). */
export function fieldErrorsFrom(body: unknown): FieldErrors | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const fields: FieldErrors = {};
  for (const item of errors as { message?: unknown; errorType?: unknown }[]) {
    const type = typeof item.errorType === "string" ? item.errorType : "";
    const text = FIELD_MESSAGES[type];
    const field = fieldOfError(item.message) ?? (type.includes("EMAIL") ? "email" : null);
    if (text && field && !(field in fields)) fields[field] = text;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/** Submits one lead; never throws, so the caller's answer to the visitor cannot become a 500. */
export async function submitToHubspot(
  config: LeadsEnv["hubspot"],
  formGuid: string,
  payload: Record<string, unknown>,
  submittedAt: Date,
  context: SubmitContext,
  fetchImpl: typeof fetch = fetch,
): Promise<SubmitResult> {
  if (!config.portalId) return { kind: "deferred", reason: "HubSpot is not configured" };
  const secure = config.token !== null;
  const url = `${config.apiUrl}/submissions/v3/integration/${secure ? "secure/" : ""}submit/${config.portalId}/${formGuid}`;
  const body = {
    submittedAt: String(submittedAt.getTime()),
    fields: toHubspotFields(payload),
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
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    return {
      kind: "deferred",
      reason: name === "TimeoutError" ? "HubSpot timed out" : "HubSpot could not be reached",
    };
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (response.ok) return { kind: "accepted" };
  if (response.status === 400) {
    const fields = fieldErrorsFrom(parsed);
    if (fields) {
      return { kind: "rejected", fields, message: "Please check the highlighted fields." };
    }
  }
  return { kind: "deferred", reason: `HubSpot answered ${response.status}` };
}
