// The events and visits functions: the browser's window onto Fingerprint's Server API v4, with the
// secret key kept here. Each answers only for an identification the caller proves is its own (young,
// from its address: ./proof.ts). Events answers only { botd: { data } | { error }, vm } (or,
// at the direct URL /fp/events/{requestId}, the same in the Server API's products.* words); visits
// answers { visits: [...] } of that identification's visitor (newest first, at most 21, so the page
// can say "more than 20").
import { readFingerprintEnv, type FingerprintEnv } from "../../env";
import { proofMissing, proofUnknown, proveEvent, type V4Event } from "./proof";
import { errorResponse, json, type Handler, type PlatformContext } from "../../http/responses";
import { meter as defaultMeter, type Meter, type MeteredFunction } from "../secretMeter";
import { describeFailure, fetchUpstream, notJson, upstreamFailureResponse } from "../upstream";

export const FINGERPRINT_METHODS = ["GET"] as const;

/** Request ids look like "<ms>.<6 chars>"; visitor ids are 20 letters and digits (fake or real). */
export const REQUEST_ID = /^\d{10,16}\.[A-Za-z0-9]{6}$/;
export const VISITOR_ID = /^[A-Za-z0-9]{20}$/;
export const VISITS_LIMIT = 21;

type Deps = {
  env?: () => FingerprintEnv;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  meter?: Meter;
  now?: () => number;
};

/** v4's bot verdicts in the v3 words the browser reads (docs/contracts/fingerprint.md §3). */
const BOT_RESULTS: Record<string, string> = {
  not_detected: "notDetected",
  good: "good",
  bad: "bad",
};

/** The small shape the browser gets for one event (never the whole event). */
export function browserEvent(event: V4Event): {
  botd: { data: { bot: { result: string } } } | { error: { message: string } } | { data: null };
  vm: boolean;
} {
  const vm = event.virtual_machine === true;
  if (event.bot_error && typeof event.bot_error.message === "string") {
    return { botd: { error: { message: event.bot_error.message } }, vm };
  }
  const result = typeof event.bot === "string" ? BOT_RESULTS[event.bot] : undefined;
  return result ? { botd: { data: { bot: { result } } }, vm } : { botd: { data: null }, vm };
}

/** One visit for the demo's history list. */
export function browserVisit(event: V4Event) {
  const geo = event.ip_info?.v4?.geolocation ?? event.ip_info?.v6?.geolocation;
  return {
    requestId: event.event_id ?? "",
    time: typeof event.timestamp === "number" ? new Date(event.timestamp).toISOString() : "",
    ...(event.url ? { url: event.url } : {}),
    ...(geo ? { ipLocation: { continent: geo.continent, country: geo.country } } : {}),
  };
}

/** A header value: present, one line, within bounds. */
function header(request: Request, name: string): string | null {
  const value = request.headers.get(name);
  if (value === null) return null;
  return /[\r\n]/.test(value) ? null : value.trim();
}

async function callServerApi(
  env: FingerprintEnv,
  path: string,
  deps: Deps,
): Promise<{ status: number; body: unknown } | Response> {
  const log = deps.log ?? ((line: string) => console.log(line));
  const outcome = await fetchUpstream(`${env.apiUrl}${path}`, {
    service: "Server API",
    headers: { authorization: `Bearer ${env.secretKey ?? ""}`, accept: "application/json" },
    timeoutMs: env.timeoutMs,
    fetch: deps.fetch,
    // An event is a few kilobytes; a quarter of a megabyte is far more than any the Server API sends.
    maxBytes: 256 * 1024,
    read: (response) => response.json().catch(notJson) as Promise<unknown>,
  });
  if (outcome.kind === "answer") return { status: outcome.response.status, body: outcome.value };
  log(`fingerprint: ${describeFailure(outcome)}`);
  return upstreamFailureResponse(outcome, {
    timeout: "The identification service did not answer in time.",
    unreachable: "The identification service could not be reached.",
  });
}

function upstreamFailure(status: number, log: (line: string) => void): Response {
  log(`fingerprint: Server API answered ${status}`);
  if (status === 429)
    return errorResponse(
      429,
      "rate_limited",
      "Too many identification lookups; try again shortly.",
      undefined,
      {
        headers: { "retry-after": "5" },
      },
    );
  return errorResponse(502, "upstream_rejected", "The identification service refused the lookup.");
}

function configured(deps: Deps): FingerprintEnv | Response {
  const log = deps.log ?? ((line: string) => console.log(line));
  let env: FingerprintEnv;
  try {
    env = (deps.env ?? readFingerprintEnv)();
  } catch (error) {
    log(`fingerprint: configuration error: ${(error as Error).message}`);
    env = { secretKey: null, apiUrl: "", timeoutMs: 0 };
  }
  if (!env.secretKey) {
    return errorResponse(
      404,
      "not_configured",
      "Identification lookups are not configured on this server.",
    );
  }
  return env;
}

/**
 * The event of a well-formed request id, proven to be the caller's (./proof.ts), or the
 * response to send instead: the meter's 429 before anything is asked, 404 (or `unknown` for visits)
 * for an id the Server API does not know, 403 for someone else's or an old identification.
 */
async function provenEvent(
  fn: MeteredFunction,
  requestId: string,
  platform: PlatformContext | undefined,
  deps: Deps,
  unknown: () => Response = () =>
    errorResponse(404, "event_not_found", "No identification event has this request id."),
): Promise<V4Event | Response> {
  const log = deps.log ?? ((line: string) => console.log(line));
  const env = configured(deps);
  if (env instanceof Response) return env;
  const refused = await (deps.meter ?? defaultMeter)(fn, platform?.clientIp);
  if (refused) return refused;
  const answer = await callServerApi(env, `/v4/events/${requestId}`, deps);
  if (answer instanceof Response) return answer;
  if (answer.status === 404) return unknown();
  if (
    answer.status < 200 ||
    answer.status >= 300 ||
    !answer.body ||
    typeof answer.body !== "object"
  ) {
    return upstreamFailure(answer.status, log);
  }
  const event = answer.body as V4Event;
  return proveEvent(event, platform?.clientIp, (deps.now ?? Date.now)()) ?? event;
}

/** GET with `x-vercel-function: events` and `x-request-id`: the bot and VM result of one request. */
export function createEventsHandler(deps: Deps = {}): Handler {
  return async (request, platform) => {
    if (request.method !== "GET") {
      return errorResponse(405, "method_not_allowed", "Use GET.", undefined, {
        headers: { allow: "GET" },
      });
    }
    const requestId = header(request, "x-request-id");
    if (!requestId || !REQUEST_ID.test(requestId)) {
      return errorResponse(
        400,
        "invalid_request_id",
        "Send the identification request id in x-request-id.",
      );
    }
    const event = await provenEvent("fp-events", requestId, platform, deps);
    if (event instanceof Response) return event;
    return json(browserEvent(event), { headers: { "cache-control": "no-store" } });
  };
}

/** Where the direct events URL puts the request id: GET /fp/events/{requestId}. */
const DIRECT_EVENTS_PATH = /^\/fp\/events\/([^/]+)\/?$/;

/**
 * The request id of a direct events call: the last path segment, or the `requestId` query value
 * Vercel adds when its rewrite hands `/fp/events/:requestId` to the api/ entry point.
 */
function directRequestId(request: Request): string | null {
  const url = new URL(request.url);
  const fromPath = DIRECT_EVENTS_PATH.exec(url.pathname)?.[1];
  const raw = fromPath ?? url.searchParams.get("requestId");
  if (raw === null || raw === undefined) return null;
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return REQUEST_ID.test(id) ? id : null;
}

/**
 * The same event in the Server API's `products.*` words (docs/contracts/fingerprint.md §3), which is what
 * the browser reads in direct mode. A missing bot verdict leaves `botd` out, as the Server API does
 * for a product it has no result for.
 */
export function directEvent(event: V4Event): {
  products: {
    botd?: { data: { bot: { result: string } } } | { error: { message: string } };
    virtualMachine: { data: { result: boolean } };
  };
} {
  const { botd, vm } = browserEvent(event);
  const virtualMachine = { data: { result: vm } };
  return "data" in botd && botd.data === null
    ? { products: { virtualMachine } }
    : { products: { botd, virtualMachine } };
}

/**
 * Direct mode (GATSBY_FPJS_PROXY=0): GET /fp/events/{requestId}, the events call's documented URL shape, served by
 * the site itself so the secret key stays here. Pointing the browser at Fingerprint's Server API
 * instead would need the secret key in the bundle, which is why the site never does.
 */
export function createDirectEventsHandler(deps: Deps = {}): Handler {
  return async (request, platform) => {
    if (request.method !== "GET") {
      return errorResponse(405, "method_not_allowed", "Use GET.", undefined, {
        headers: { allow: "GET" },
      });
    }
    const requestId = directRequestId(request);
    if (!requestId) {
      return errorResponse(
        400,
        "invalid_request_id",
        "Ask for /fp/events/{requestId} with an identification request id.",
      );
    }
    const event = await provenEvent("fp-events-direct", requestId, platform, deps);
    if (event instanceof Response) return event;
    return json(directEvent(event), { headers: { "cache-control": "no-store" } });
  };
}

/**
 * GET with `x-vercel-function: visits` and `x-request-id` (the browser's fresh identification; its
 * `x-visitor-id`, when sent, must be that identification's): the recent visits (limit 21) of the
 * visitor the proven event names. A visitor id alone proves nothing and causes no Server API call.
 */
export function createVisitsHandler(deps: Deps = {}): Handler {
  const log = deps.log ?? ((line: string) => console.log(line));
  return async (request, platform) => {
    if (request.method !== "GET") {
      return errorResponse(405, "method_not_allowed", "Use GET.", undefined, {
        headers: { allow: "GET" },
      });
    }
    const claimed = header(request, "x-visitor-id");
    const sent = request.headers.get("x-visitor-id") !== null;
    if (sent && (claimed === null || !VISITOR_ID.test(claimed))) {
      return errorResponse(400, "invalid_visitor_id", "Send the visitor id in x-visitor-id.");
    }
    const requestId = header(request, "x-request-id");
    if (!requestId || !REQUEST_ID.test(requestId)) return proofMissing();
    const event = await provenEvent("fp-visits", requestId, platform, deps, proofUnknown);
    if (event instanceof Response) return event;
    const visitorId = event.identification?.visitor_id;
    if (
      typeof visitorId !== "string" ||
      !VISITOR_ID.test(visitorId) ||
      (claimed ?? visitorId) !== visitorId
    ) {
      return errorResponse(
        403,
        "visitor_mismatch",
        "This identification belongs to another visitor id.",
      );
    }
    const env = configured(deps);
    if (env instanceof Response) return env;
    // The history is a second call with the same key: it counts against the same budget.
    const refused = await (deps.meter ?? defaultMeter)("fp-visits", platform?.clientIp);
    if (refused) return refused;
    const answer = await callServerApi(
      env,
      `/v4/events?visitor_id=${visitorId}&limit=${VISITS_LIMIT}`,
      deps,
    );
    if (answer instanceof Response) return answer;
    if (answer.status < 200 || answer.status >= 300) return upstreamFailure(answer.status, log);
    const events = (answer.body as { events?: unknown } | null)?.events;
    const visits = Array.isArray(events)
      ? (events as V4Event[]).slice(0, VISITS_LIMIT).map(browserVisit)
      : [];
    return json({ visits }, { headers: { "cache-control": "no-store" } });
  };
}

export const fingerprintEvents = createEventsHandler();
export const fingerprintDirectEvents = createDirectEventsHandler();
export const fingerprintVisits = createVisitsHandler();
