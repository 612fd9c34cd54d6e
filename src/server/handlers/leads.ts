// POST handlers for every lead form: validate with the shared schema, store first, then forward to HubSpot.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { HONEYPOT_FIELD, endpointSchemas, messages, type LeadEndpoint } from "../../forms/schemas";
import { readLeadsEnv, type HubspotFormKey, type LeadsEnv } from "../env";
import { errorResponse, json, type FieldErrors, type Handler } from "../http";
import { readLeadBody } from "../leadRequest";
import { createFileOutbox, type Outbox } from "../outbox";
import { submitToHubspot, type SubmitContext } from "../hubspot";
import { randomUUID } from "node:crypto";

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

/** zod issues → one message per field, the first problem of each (what a visitor fixes first). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
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
    put(
      String(issue.path[0]),
      issue.code === "invalid_type" && issue.input === undefined
        ? messages.required
        : issue.message,
    );
  }
  return fields;
}

let scannedWebinarIds: Promise<string[]> | null = null;

/** Without HUBSPOT_WEBINAR_FORM_IDS, the ids the webinar pages in content/webinars name. */
async function webinarFormIds(env: LeadsEnv): Promise<string[]> {
  if (env.webinarFormIds) return env.webinarFormIds;
  scannedWebinarIds ??= (async () => {
    const dir = path.resolve("content/webinars");
    try {
      const names = (await fs.readdir(dir)).filter((name) => name.endsWith(".md"));
      const ids: string[] = [];
      for (const name of names) {
        const text = await fs.readFile(path.join(dir, name), "utf8");
        const match = /^hubspotFormId:\s*["']?([0-9a-f-]{36})["']?\s*$/im.exec(text);
        if (match?.[1]) ids.push(match[1].toLowerCase());
      }
      return ids;
    } catch {
      return [];
    }
  })();
  return scannedWebinarIds;
}

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
        fieldErrorsOf(parsed.error),
      );
    }
    const payload: Record<string, unknown> = { ...parsed.data };
    delete payload[HONEYPOT_FIELD];

    let formGuid: string | null;
    const formKey = hubspotFormFor[endpoint];
    if (formKey === "fromPayload") {
      const wanted = String(payload.hubspotFormId).toLowerCase();
      if (!(await webinarFormIds(env)).includes(wanted)) {
        return errorResponse(422, "invalid_fields", "Please check the highlighted fields.", {
          hubspotFormId: "This webinar is not open for registration.",
        });
      }
      formGuid = wanted;
    } else {
      formGuid = env.hubspot.forms[formKey];
    }

    const outbox = (deps.outbox ?? ((config: LeadsEnv) => createFileOutbox(config.outboxDir)))(env);
    let record;
    try {
      record = await outbox.add({ endpoint, payload });
    } catch (error) {
      log(`lead ${endpoint}: outbox write failed: ${(error as Error).message}`);
      return errorResponse(
        503,
        "storage_unavailable",
        "We could not save your details just now. Please try again in a minute.",
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
      submitContext(request),
      deps.fetch ?? fetch,
    );
    const attempted = { ...record, attempts: record.attempts + 1 };
    try {
      if (result.kind === "accepted") {
        await outbox.update({
          ...attempted,
          status: "forwarded",
          forwardedAt: new Date().toISOString(),
        });
      } else if (result.kind === "rejected") {
        await outbox.update({
          ...attempted,
          status: "rejected",
          lastError: JSON.stringify(result.fields),
        });
      } else {
        await outbox.update({ ...attempted, status: "pending", lastError: result.reason });
      }
    } catch (error) {
      // The lead itself is already safe; only its status is stale.
      log(`lead ${endpoint}: ${record.id} status update failed: ${(error as Error).message}`);
    }
    if (result.kind === "rejected") {
      return errorResponse(422, "rejected_upstream", result.message, result.fields);
    }
    if (result.kind === "deferred")
      log(`lead ${endpoint}: ${record.id} pending (${result.reason})`);
    return success(record.id);
  };
}

export const leadHandlers: Record<LeadEndpoint, Handler> = Object.fromEntries(
  Object.keys(endpointSchemas).map((endpoint) => [
    endpoint,
    createLeadHandler(endpoint as LeadEndpoint),
  ]),
) as Record<LeadEndpoint, Handler>;
