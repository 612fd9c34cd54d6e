// POST /amp-exp/ {device_id, flag_key, variant}: validates an experiment exposure and forwards it to Amplitude.
import { EXPERIMENTS } from "../../config/experiments";
import { readAmplitudeEnv, readLeadsEnv, type AmplitudeEnv } from "../env";
import { errorResponse, json, type FieldErrors, type Handler } from "../http/responses";
import { readLeadBody } from "../leads/request";
import { meter as defaultMeter, type Meter } from "./secretMeter";
import { describeFailure, fetchUpstream, notJson, upstreamFailureResponse } from "./upstream";

export const AMP_EXP_METHODS = ["POST"] as const;

/** Fingerprint visitor ids and Amplitude device ids: 5–64 letters, digits, - and _ (no CR/LF, no spaces). */
const DEVICE_ID = /^[A-Za-z0-9_-]{5,64}$/;
const KEYS = ["device_id", "flag_key", "variant"];

export type Exposure = { device_id: string; flag_key: string; variant: "control" | "treatment" };

/** The exposure, or the field messages saying what is wrong with it. */
export function parseExposure(
  body: Record<string, unknown>,
): { ok: true; exposure: Exposure } | { ok: false; fields: FieldErrors } {
  const fields: FieldErrors = {};
  // Named by a fixed key, never by the caller's own: an answer must not echo what a stranger wrote.
  if (Object.keys(body).some((key) => !KEYS.includes(key)))
    fields._form = `Send only ${KEYS.join(", ")}.`;
  const { device_id: deviceId, flag_key: flagKey, variant } = body;
  if (typeof deviceId !== "string" || !DEVICE_ID.test(deviceId))
    fields.device_id = "Expected a device id of 5 to 64 letters, digits, - or _.";
  if (typeof flagKey !== "string" || !(EXPERIMENTS as readonly string[]).includes(flagKey))
    fields.flag_key = `Unknown experiment; expected one of ${EXPERIMENTS.join(", ")}.`;
  if (variant !== "control" && variant !== "treatment")
    fields.variant = "Expected control or treatment.";
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    exposure: {
      device_id: deviceId as string,
      flag_key: flagKey as string,
      variant: variant as Exposure["variant"],
    },
  };
}

/** The HTTP V2 body of one $exposure event (docs/contracts/amplitude.md §3). */
export function exposureBody(apiKey: string, exposure: Exposure): unknown {
  return {
    api_key: apiKey,
    events: [
      {
        event_type: "$exposure",
        device_id: exposure.device_id,
        user_id: exposure.device_id,
        event_properties: { flag_key: exposure.flag_key, variant: exposure.variant },
      },
    ],
  };
}

export function createAmpExpHandler(
  deps: {
    env?: () => AmplitudeEnv;
    fetch?: typeof fetch;
    log?: (line: string) => void;
    meter?: Meter;
  } = {},
): Handler {
  const log = deps.log ?? ((line: string) => console.log(line));
  return async (request, platform) => {
    if (request.method !== "POST") {
      return errorResponse(405, "method_not_allowed", "Use POST.", undefined, {
        headers: { allow: "POST" },
      });
    }
    let env: AmplitudeEnv;
    let origins: string[];
    try {
      env = (deps.env ?? readAmplitudeEnv)();
      origins = readLeadsEnv().allowedOrigins;
    } catch (error) {
      log(`amp-exp: configuration error: ${(error as Error).message}`);
      return errorResponse(
        404,
        "not_configured",
        "Experiment exposures are not configured on this server.",
      );
    }
    const body = await readLeadBody(request, origins);
    if (body instanceof Response) return body;
    const parsed = parseExposure(body);
    if (!parsed.ok)
      return errorResponse(422, "invalid_fields", "The exposure is not valid.", parsed.fields);
    if (!env.apiKey) {
      return errorResponse(
        404,
        "not_configured",
        "Experiment exposures are not configured on this server.",
      );
    }
    const refused = await (deps.meter ?? defaultMeter)("amp-exp", platform?.clientIp);
    if (refused) return refused;
    const outcome = await fetchUpstream(`${env.apiUrl}/2/httpapi`, {
      service: "Amplitude",
      method: "POST",
      headers: { "content-type": "application/json", accept: "*/*" },
      body: JSON.stringify(exposureBody(env.apiKey, parsed.exposure)),
      timeoutMs: env.timeoutMs,
      fetch: deps.fetch,
      maxBytes: 64 * 1024,
      // Amplitude's own code in the body decides; without a JSON body, the HTTP status does (as in the SDK).
      read: async (response) => {
        const answer = (await response.json().catch(notJson)) as { code?: unknown } | null;
        return typeof answer?.code === "number" ? answer.code : response.status;
      },
    });
    if (outcome.kind !== "answer") {
      log(`amp-exp: ${describeFailure(outcome)}`);
      return upstreamFailureResponse(outcome, {
        timeout: "Analytics did not answer in time.",
        unreachable: "Analytics could not be reached.",
      });
    }
    const code = outcome.value;
    if (code >= 200 && code < 300)
      return json({ ok: true }, { status: 202, headers: { "cache-control": "no-store" } });
    log(`amp-exp: Amplitude answered ${code}`);
    return errorResponse(502, "upstream_rejected", "Analytics did not accept the exposure.");
  };
}

export const ampExp = createAmpExpHandler();
