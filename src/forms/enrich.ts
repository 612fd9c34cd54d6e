/** Builds the exact payload of a form from what the visitor typed and the visit's context. */
import { HONEYPOT_FIELD } from "../leads/constants";
import type { LeadContext } from "../providers/lead-context/leadContext";
import { regionFor } from "./regions";
import type { FormDefinition, FormValues } from "./types";

const CONTACT_FIELDS = ["url", "description", "apiCallsQuestion", "jobTitle"] as const;

/** Typed values as the schema wants them: numbers as numbers, checkboxes as booleans. */
function typedValue(kind: string, raw: string | boolean | undefined): unknown {
  if (kind === "checkbox") return raw === true;
  const text = typeof raw === "string" ? raw : "";
  if (kind === "number") return text.trim() === "" ? undefined : Number(text);
  return text.trim();
}

export function buildPayload(
  definition: Pick<FormDefinition, "fields" | "context">,
  values: FormValues,
  context: LeadContext,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of definition.fields) {
    const value = typedValue(field.kind, values[field.name]);
    // Every field of the payload is sent, empty when not given (every payload lists them all).
    if (value === undefined) continue;
    payload[field.name] = value;
  }
  Object.assign(payload, extra);
  if (definition.context !== "none") {
    payload.utm_info = { ...context.utmInfo };
    payload.visitorId = context.visitorId;
    // A country that is unknown (lookup failed) or unlisted counts as AMER.
    payload.ipRegion = regionFor(context.country);
  }
  if (definition.context === "lead") {
    // The contact payload's fields, even on the short forms (signup, single pane) that do not ask for them.
    for (const key of CONTACT_FIELDS) payload[key] ??= "";
    payload.landingPage = context.landingPage;
    payload.previousPage = context.previousPage;
  }
  const trap = values[HONEYPOT_FIELD];
  if (typeof trap === "string" && trap !== "") payload[HONEYPOT_FIELD] = trap;
  return payload;
}
