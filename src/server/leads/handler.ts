// POST handlers for every lead form: validate with the shared schema, store first, then forward to HubSpot.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "../../leads/constants";
import type { LeadEndpoint } from "../../leads/endpoints";
import { messages } from "../../leads/fields";
import { endpointSchemas } from "../../leads/payloads";
import { readLeadsEnv, type LeadsEnv } from "../env";
import { errorResponse, json, type FieldErrors, type Handler } from "../http/responses";
import { submitToHubspot, type SubmitContext } from "./hubspot";
import { failureAlerts } from "./alerts";
import { OUTBOUND_KEY, scheduleAfter } from "./deliveryWorker";
import { readIdempotencyKey, replayAnswer, takeSubmissionSlot } from "./guards";
import { readLeadBody } from "./request";
import {
  afterAttempt,
  allowedWebinarFormIds,
  fieldMapFor,
  fixableFields,
  hubspotFormGuid,
  hubspotFormOf,
} from "./routing";
import { bodyFingerprint, type LeadRecord, type LeadStore, type StoredAnswer } from "./leadStore";
import { openLeadStore, storeLocation } from "./openLeadStore";

export const LEAD_METHODS = ["POST"] as const;

export type LeadDeps = {
  env?: () => LeadsEnv;
  /** The lead store; by default the one the configuration names (Postgres or the file lead store). */
  store?: (env: LeadsEnv) => LeadStore;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  now?: () => Date;
  random?: () => number;
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

/** Storage failures already explained in the log (per location and error code): said once, not per lead. */
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

const noStore = { "cache-control": "no-store" };
const answered = (answer: StoredAnswer) =>
  json(answer.body, { status: answer.status, headers: noStore });
const accepted = (id: string): StoredAnswer => ({ status: 200, body: { ok: true, id } });

function storageUnavailable(): Response {
  // The visitor keeps what they typed and can send it again; nothing was accepted silently.
  return errorResponse(
    503,
    "storage_unavailable",
    "We could not save your details just now. Please try again in a minute.",
    undefined,
    { headers: { "retry-after": "60" } },
  );
}

/** Builds the handler of one lead endpoint. */
export function createLeadHandler(endpoint: LeadEndpoint, deps: LeadDeps = {}): Handler {
  const schema = endpointSchemas[endpoint];
  const log = deps.log ?? ((line: string) => console.log(line));
  const now = deps.now ?? (() => new Date());
  return async (request, platform) => {
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
    const key = readIdempotencyKey(request);
    if (key instanceof Response) return key;
    const body = await readLeadBody(request, env.allowedOrigins);
    if (body instanceof Response) return body;

    const trap = body[HONEYPOT_FIELD];
    if (typeof trap === "string" && trap.trim() !== "") {
      // Looks like any other success, so a bot learns nothing; never stored as a lead or forwarded.
      log(`lead ${endpoint}: honeypot filled, dropped`);
      return json({ ok: true, id: randomUUID() }, { status: 200, headers: noStore });
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
      hubspotFormOf[endpoint] === "webinar" &&
      !allowedWebinarFormIds(env).includes(String(payload.hubspotFormId).toLowerCase())
    ) {
      return errorResponse(422, "invalid_fields", "Please check the highlighted fields.", {
        hubspotFormId: "This webinar is not open for registration.",
      });
    }
    const formGuid = hubspotFormGuid(endpoint, payload, env);
    const context = submitContext(request);
    const fingerprint = key === null ? "" : bodyFingerprint(endpoint, body);
    const owner = `accept:${randomUUID()}`;

    let store: LeadStore;
    let record: LeadRecord;
    try {
      store = (deps.store ?? openLeadStore)(env);
      if (key !== null) {
        const replay = await replayAnswer(store, key, fingerprint);
        if (replay) return replay;
      }
      const limited = await takeSubmissionSlot(store, env, endpoint, platform?.clientIp);
      if (limited) return limited;
      const lead = { endpoint, payload, context, lease: { owner, ms: env.delivery.leaseMs } };
      if (key === null) {
        record = await store.add(lead);
      } else {
        const added = await store.addOnce(lead, key, fingerprint);
        // A twin request won the race for this key between our look and our insert.
        if (added.kind !== "created")
          return (await replayAnswer(store, key, fingerprint)) ?? storageUnavailable();
        record = added.record;
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unknown";
      const where = storeLocation(env);
      const seen = `${where}\0${code}`;
      if (!explainedStorageFailures.has(seen)) {
        explainedStorageFailures.add(seen);
        log(
          `lead store ${where} is not writable (${code}: ${(error as Error).message}); every lead is ` +
            "refused with 503 until DATABASE_URL names a reachable database or LEADS_STORE_DIR a writable, durable folder",
        );
      } else {
        log(`lead ${endpoint}: refused with 503, the lead store is still not writable (${code})`);
      }
      return storageUnavailable();
    }

    /** Records the answer (for replays) and hands the lead to the worker; the lead is safe either way. */
    const settle = async (next: LeadRecord, answer: StoredAnswer): Promise<Response> => {
      try {
        if (!(await store.finish({ ...next, answer }, owner))) {
          log(`lead ${endpoint}: ${record.id} lease ended before its first attempt was written`);
        }
        if (next.status === "failed")
          await failureAlerts(
            store,
            env,
            deps.fetch,
            deps.log ?? ((line: string) => console.error(line)),
          )({ ...next, answer });
      } catch (error) {
        // The lead itself is already stored; only its status is stale, and the worker will resend it.
        log(`lead ${endpoint}: ${record.id} status update failed: ${(error as Error).message}`);
      }
      return answered(answer);
    };

    if (!env.hubspot.portalId || !formGuid) {
      log(`lead ${endpoint}: ${record.id} kept in the lead store (HubSpot not configured)`);
      return settle(record, accepted(record.id));
    }
    // The lead is stored: whatever fails from here, the visitor hears it was received (a 5xx would
    // make them send it again), and the worker sends it once this request's lease ends.
    try {
      const slot = await store
        .take(OUTBOUND_KEY, [{ max: env.delivery.outboundPer10s, ms: 10_000 }])
        .catch(() => ({ ok: false as const, retryAfterMs: 0 }));
      // The same fence as the worker's: send only while this request still holds the lead.
      if (!slot.ok || !(await store.renew(record, owner, env.delivery.leaseMs))) {
        return settle(record, accepted(record.id));
      }
      const at = now();
      const result = await submitToHubspot(
        env.hubspot,
        formGuid,
        payload,
        new Date(record.submittedAt),
        context,
        deps.fetch ?? fetch,
        fieldMapFor(endpoint, env),
      );
      const fixable =
        result.kind === "rejected" ? fixableFields(endpoint, payload, result.fields) : {};
      let next = afterAttempt(record, result, fixable, at);
      if (next.status === "pending") next = scheduleAfter(record, result, at, deps.random);
      if (next.status === "rejected") {
        return settle(next, {
          status: 422,
          body: {
            error: {
              code: "rejected_upstream",
              message: "Please check the highlighted fields.",
              fields: fixable,
            },
          },
        });
      }
      if (next.status !== "forwarded") {
        log(`lead ${endpoint}: ${record.id} ${next.status} (${next.lastError ?? "no reason"})`);
      }
      return settle(next, accepted(record.id));
    } catch (error) {
      log(`lead ${endpoint}: ${record.id} first attempt failed: ${(error as Error).message}`);
      return answered(accepted(record.id));
    }
  };
}

export const leadHandlers: Record<LeadEndpoint, Handler> = Object.fromEntries(
  Object.keys(endpointSchemas).map((endpoint) => [
    endpoint,
    createLeadHandler(endpoint as LeadEndpoint),
  ]),
) as Record<LeadEndpoint, Handler>;
