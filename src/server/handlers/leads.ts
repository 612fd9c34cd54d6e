// POST handlers for every lead form: validate with the shared schema, store first, then forward to HubSpot.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { HONEYPOT_FIELD, endpointSchemas, messages, type LeadEndpoint } from "../../forms/schemas";
import { readLeadsEnv, type HubspotFormKey, type LeadsEnv } from "../env";
import { webinarFormIds as bundledWebinarFormIds } from "../generated/webinarForms";
import { errorResponse, json, type FieldErrors, type Handler } from "../http";
import { submitToHubspot, type SubmitContext, type SubmitResult } from "../hubspot";
import { visibleFieldsOf } from "../leadForms";
import { readLeadBody } from "../leadRequest";
import { createFileOutbox, type LeadRecord, type Outbox } from "../outbox";

export const LEAD_METHODS = ["POST"] as const;

/** Which configured HubSpot form each endpoint forwards to (the webinar names its own). */
export const hubspotFormFor: Record<LeadEndpoint, HubspotFormKey | "fromPayload"> = {
  "/api/hubspot/": "contact",
  "/api/hubspot-single-pane/": "singlePane",
  "/api/hubspot-newsletter/": "newsletter",
  "/api/hubspot-support/": "support",
  "/api/hubspot-press/": "press",
  "/api/hubspot-partners/": "partners",
  "/api/roi/": "roi",
  "/risk/": "risk",
  "/api-webinar/": "fromPayload",
};

export type LeadDeps = {
  env?: () => LeadsEnv;
  outbox?: (env: LeadsEnv) => Outbox;
  fetch?: typeof fetch;
  log?: (line: string) => void;
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
  const formKey = hubspotFormFor[endpoint];
  if (formKey !== "fromPayload") return env.hubspot.forms[formKey];
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

/** The upstream field errors the visitor's own form can show beside a field. */
export function fixableFields(
  endpoint: LeadEndpoint,
  payload: Readonly<Record<string, unknown>>,
  fields: FieldErrors,
): FieldErrors {
  const visible = visibleFieldsOf(endpoint, payload);
  return Object.fromEntries(Object.entries(fields).filter(([name]) => visible.includes(name)));
}

/** Outbox failures already explained in the log (per folder and error code): said once, not per lead. */
const explainedStorageFailures = new Set<string>();

function submitContext(request: Request): SubmitContext {
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

const success = (id: string) =>
  json({ ok: true, id }, { status: 200, headers: { "cache-control": "no-store" } });

/** Builds the handler of one lead endpoint. */
export function createLeadHandler(endpoint: LeadEndpoint, deps: LeadDeps = {}): Handler {
  const schema = endpointSchemas[endpoint];
  const log = deps.log ?? ((line: string) => console.log(line));
  return async (request) => {
    if (request.method !== "POST") {
      return errorResponse(405, "method_not_allowed", "Use POST.", undefined, {
        headers: { allow: "POST" },
      });
    }
    let env: LeadsEnv;
    try {
      env = (deps.env ?? readLeadsEnv)();
    } catch (error) {
      log(`lead ${endpoint}: configuration error: ${(error as Error).message}`);
      return errorResponse(
        503,
        "not_configured",
        "Forms are temporarily unavailable. Please try again later.",
      );
    }
    const body = await readLeadBody(request, env.allowedOrigins);
    if (body instanceof Response) return body;

    const trap = body[HONEYPOT_FIELD];
    if (typeof trap === "string" && trap.trim() !== "") {
      // Looks like any other success, so a bot learns nothing; never stored as a lead or forwarded.
      log(`lead ${endpoint}: honeypot filled, dropped`);
      return success(randomUUID());
    }

    const parsed = schema.safeParse(body);
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
      hubspotFormFor[endpoint] === "fromPayload" &&
      !allowedWebinarFormIds(env).includes(String(payload.hubspotFormId).toLowerCase())
    ) {
      return errorResponse(422, "invalid_fields", "Please check the highlighted fields.", {
        hubspotFormId: "This webinar is not open for registration.",
      });
    }
    const formGuid = hubspotFormGuid(endpoint, payload, env);
    const context = submitContext(request);

    const outbox = (deps.outbox ?? ((config: LeadsEnv) => createFileOutbox(config.outboxDir)))(env);
    let record: LeadRecord;
    try {
      record = await outbox.add({ endpoint, payload, context });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unknown";
      const key = `${env.outboxDir}\0${code}`;
      if (!explainedStorageFailures.has(key)) {
        explainedStorageFailures.add(key);
        log(
          `lead outbox ${env.outboxDir} is not writable (${code}: ${(error as Error).message}); ` +
            "every lead is refused with 503 until LEADS_OUTBOX_DIR names a writable, durable folder",
        );
      } else {
        log(`lead ${endpoint}: refused with 503, the outbox is still not writable (${code})`);
      }
      // The visitor keeps what they typed and can send it again; nothing was accepted silently.
      return errorResponse(
        503,
        "storage_unavailable",
        "We could not save your details just now. Please try again in a minute.",
        undefined,
        { headers: { "retry-after": "60" } },
      );
    }

    if (!env.hubspot.portalId || !formGuid) {
      log(`lead ${endpoint}: ${record.id} kept in the outbox (HubSpot not configured)`);
      return success(record.id);
    }
    const result = await submitToHubspot(
      env.hubspot,
      formGuid,
      payload,
      new Date(record.submittedAt),
      context,
      deps.fetch ?? fetch,
    );
    const fixable =
      result.kind === "rejected" ? fixableFields(endpoint, payload, result.fields) : {};
    const next = afterAttempt(record, result, fixable);
    try {
      await outbox.update(next);
    } catch (error) {
      // The lead itself is already safe; only its status is stale.
      log(`lead ${endpoint}: ${record.id} status update failed: ${(error as Error).message}`);
    }
    if (next.status === "rejected") {
      return errorResponse(
        422,
        "rejected_upstream",
        "Please check the highlighted fields.",
        fixable,
      );
    }
    if (next.status !== "forwarded") {
      log(`lead ${endpoint}: ${record.id} ${next.status} (${next.lastError ?? "no reason"})`);
    }
    return success(record.id);
  };
}

export const leadHandlers: Record<LeadEndpoint, Handler> = Object.fromEntries(
  Object.keys(endpointSchemas).map((endpoint) => [
    endpoint,
    createLeadHandler(endpoint as LeadEndpoint),
  ]),
) as Record<LeadEndpoint, Handler>;
