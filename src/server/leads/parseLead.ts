// A lead request's first step: the request read and validated, or the answer that ends it unstored.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "../../leads/constants";
import type { LeadEndpoint } from "../../leads/endpoints";
import { messages } from "../../leads/fields";
import { endpointSchemas } from "../../leads/payloads";
import type { LeadsEnv } from "../env";
import { errorResponse, json, type FieldErrors } from "../http/responses";
import type { SubmitContext } from "./hubspot";
import { readIdempotencyKey } from "./guards";
import { bodyFingerprint } from "./leadStore";
import { readLeadBody } from "./request";
import { allowedWebinarFormIds, hubspotFormOf } from "./routing";

/** A lead that passed every check: what the store step writes and the forward step sends. */
export type ParsedLead = {
  endpoint: LeadEndpoint;
  /** The request's Idempotency-Key, null without one. */
  key: string | null;
  /** Hash of endpoint + body, so the same key with another body is refused ("" without a key). */
  fingerprint: string;
  /** The validated fields, honeypot removed. */
  payload: Record<string, unknown>;
  /** The visit's page and HubSpot cookie, stored so a resend carries them too. */
  context: SubmitContext;
};

/** Field names we repeat back to the browser; anything else could carry markup or be absurdly long. */
const ECHOABLE_KEY = /^[A-Za-z0-9_]{1,64}$/;
const FORM_KEY = "_form";
const unnamedFieldMessage = "Some of the data sent is not part of the form.";

/**
 * zod issues → one message per field, the first problem of each (what a visitor fixes first). A field
 * missing from the body is "required"; a field that is there keeps the schema's own message.
 */
export function fieldErrorsOf(error: z.ZodError, body: Record<string, unknown>): FieldErrors {
  const fields: FieldErrors = {};
  const put = (key: string, message: string) => {
    // A body key is attacker-chosen: only plain names are echoed, the rest share one generic entry.
    if (ECHOABLE_KEY.test(key)) fields[key] ??= message;
    else fields[FORM_KEY] ??= unnamedFieldMessage;
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) put(key, messages.unknownField);
      continue;
    }
    if (issue.path.length === 0) {
      fields[FORM_KEY] ??= issue.message;
      continue;
    }
    const key = String(issue.path[0]);
    put(key, Object.hasOwn(body, key) ? issue.message : messages.required);
  }
  return fields;
}

/** The page (an http(s) Referer) and the HubSpot cookie (32 hex digits) of the visit, where present. */
export function submitContext(request: Request): SubmitContext {
  const context: SubmitContext = {};
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.protocol === "https:" || url.protocol === "http:") context.pageUri = url.href;
    } catch {
      // An unparseable Referer is simply not passed on.
    }
  }
  const hutk = /(?:^|;\s*)hubspotutk=([0-9a-f]{32})(?:;|$)/i.exec(
    request.headers.get("cookie") ?? "",
  );
  if (hutk?.[1]) context.hutk = hutk[1];
  return context;
}

/**
 * Reads and checks a lead request: its Idempotency-Key, its body (origin, type, size, JSON), the
 * honeypot, the endpoint's schema and, for a webinar, the form allowlist. A Response is the answer.
 */
export async function parseLead(
  endpoint: LeadEndpoint,
  request: Request,
  env: LeadsEnv,
  log: (line: string) => void,
): Promise<ParsedLead | Response> {
  const key = readIdempotencyKey(request);
  if (key instanceof Response) return key;
  const body = await readLeadBody(request, env.allowedOrigins);
  if (body instanceof Response) return body;

  const trap = body[HONEYPOT_FIELD];
  if (typeof trap === "string" && trap.trim() !== "") {
    // Looks like any other success, so a bot learns nothing; never stored as a lead or forwarded.
    log(`lead ${endpoint}: honeypot filled, dropped`);
    return json(
      { ok: true, id: randomUUID() },
      { status: 200, headers: { "cache-control": "no-store" } },
    );
  }

  const parsed = endpointSchemas[endpoint].safeParse(body);
  if (!parsed.success) {
    return errorResponse(
      422,
      "invalid_fields",
      "Please check the highlighted fields.",
      fieldErrorsOf(parsed.error, body),
    );
  }
  const payload: Record<string, unknown> = { ...parsed.data };
  delete payload[HONEYPOT_FIELD];

  if (
    hubspotFormOf[endpoint] === "webinar" &&
    !allowedWebinarFormIds(env).includes(String(payload.hubspotFormId).toLowerCase())
  ) {
    return errorResponse(422, "invalid_fields", "Please check the highlighted fields.", {
      hubspotFormId: "This webinar is not open for registration.",
    });
  }
  return {
    endpoint,
    key,
    fingerprint: key === null ? "" : bodyFingerprint(endpoint, body),
    payload,
    context: submitContext(request),
  };
}
