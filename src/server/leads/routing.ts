// Where a lead goes and what one attempt did to it: the HubSpot form of each endpoint and the status after an answer.
import type { LeadEndpoint } from "../../leads/endpoints";
import { allFormShapes } from "../../leads/forms";
import type { LeadsEnv } from "../env";
import type { FieldErrors } from "../http/responses";
import type { SubmitResult } from "./hubspot";
import { DEFAULT_FIELD_MAPS, type FieldMap, type HubspotForm } from "./hubspotFields";
import type { LeadRecord } from "./leadStore";
import { webinarFormIds as bundledWebinarFormIds } from "./webinarFormIds";

/** Which HubSpot form each endpoint forwards to ("webinar": the one the registration names). */
export const hubspotFormOf: Record<LeadEndpoint, HubspotForm> = {
  "/api/hubspot/": "contact",
  "/api/hubspot-single-pane/": "singlePane",
  "/api/hubspot-newsletter/": "newsletter",
  "/api/hubspot-support/": "support",
  "/api/hubspot-press/": "press",
  "/api/hubspot-partners/": "partners",
  "/api/roi/": "roi",
  "/risk/": "risk",
  "/api-webinar/": "webinar",
};

/**
 * The webinar form GUIDs /api-webinar/ forwards to: HUBSPOT_WEBINAR_FORM_IDS, or else the ids the
 * webinar pages name, bundled as a module (serverless functions have no content/ folder to read).
 */
export function allowedWebinarFormIds(env: LeadsEnv): readonly string[] {
  return env.webinarFormIds ?? bundledWebinarFormIds;
}

/** The HubSpot form a lead goes to: a GUID, or null when that form is not configured. */
export function hubspotFormGuid(
  endpoint: LeadEndpoint,
  payload: Readonly<Record<string, unknown>>,
  env: LeadsEnv,
): string | null {
  const hubspotForm = hubspotFormOf[endpoint];
  if (hubspotForm !== "webinar") return env.hubspot.forms[hubspotForm];
  const wanted = String(payload.hubspotFormId).toLowerCase();
  return allowedWebinarFormIds(env).includes(wanted) ? wanted : null;
}

/**
 * The record after one forwarding attempt. `fixable` is what the visitor may still correct: a
 * field error on one of them makes the lead `rejected` (they are told and can send it again); a
 * field error they cannot fix is as final as any other refusal, so the lead is `failed`.
 */
export function afterAttempt(
  record: LeadRecord,
  result: SubmitResult,
  fixable: FieldErrors,
  at: Date = new Date(),
): LeadRecord {
  const attempted: LeadRecord = {
    ...record,
    attempts: record.attempts + 1,
    lastAttemptAt: at.toISOString(),
  };
  switch (result.kind) {
    case "accepted": {
      const { lastError: _cleared, ...rest } = attempted;
      return { ...rest, status: "forwarded", forwardedAt: at.toISOString() };
    }
    case "rejected":
      return Object.keys(fixable).length > 0
        ? { ...attempted, status: "rejected", lastError: result.reason }
        : {
            ...attempted,
            status: "failed",
            lastError: `${result.reason}; not a field the visitor could correct`,
          };
    case "failed":
      return { ...attempted, status: "failed", lastError: result.reason };
    case "deferred":
      return { ...attempted, status: "pending", lastError: result.reason };
  }
}

/**
 * The fields the visitor's form shows, so an upstream error on one of them can be put beside it.
 * Several forms share an endpoint: the contact payload's `name` says which one sent it; otherwise
 * only the fields every form of that endpoint shows count (the newsletter placements, for one).
 */
export function visibleFieldsOf(
  endpoint: LeadEndpoint,
  payload: Readonly<Record<string, unknown>>,
): string[] {
  let candidates = allFormShapes.filter((form) => form.endpoint === endpoint);
  const named = candidates.filter((form) => form.id === payload.name);
  if (named.length > 0) candidates = named;
  const [first, ...rest] = candidates;
  if (!first) return [];
  return first.fields.filter((name) => rest.every((other) => other.fields.includes(name)));
}

/** The upstream field errors the visitor's own form can show beside a field. */
export function fixableFields(
  endpoint: LeadEndpoint,
  payload: Readonly<Record<string, unknown>>,
  fields: FieldErrors,
): FieldErrors {
  const visible = visibleFieldsOf(endpoint, payload);
  return Object.fromEntries(Object.entries(fields).filter(([name]) => visible.includes(name)));
}

/** The map of a HubSpot form: the default, with HUBSPOT_FIELD_MAP's entries for it (null drops a key). */
export function fieldMapOf(hubspotForm: HubspotForm, env: LeadsEnv): FieldMap {
  const merged: Record<string, string> = { ...DEFAULT_FIELD_MAPS[hubspotForm] };
  for (const [key, property] of Object.entries(env.hubspot.fieldMap[hubspotForm] ?? {})) {
    if (property === null) delete merged[key];
    else merged[key] = property;
  }
  return merged;
}

/** The map for an endpoint's HubSpot form. */
export function fieldMapFor(endpoint: LeadEndpoint, env: LeadsEnv): FieldMap {
  return fieldMapOf(hubspotFormOf[endpoint], env);
}
