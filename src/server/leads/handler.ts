// POST handlers for every lead form: parse (the shared schema), store first, then forward to HubSpot.
import type { LeadEndpoint } from "../../leads/endpoints";
import { endpointSchemas } from "../../leads/payloads";
import { readLeadsEnv, type LeadsEnv } from "../env";
import { errorResponse, type Handler } from "../http/responses";
import { forwardLead } from "./forwardLead";
import type { LeadStore } from "./leadStore";
import { openLeadStore } from "./openLeadStore";
import { parseLead } from "./parseLead";
import { storeLead } from "./storeLead";

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

/** The handler of one lead endpoint: parseLead → storeLead → forwardLead; a step may answer early. */
export function createLeadHandler(endpoint: LeadEndpoint, deps: LeadDeps = {}): Handler {
  const log = deps.log ?? ((line: string) => console.log(line));
  const alertLog = deps.log ?? ((line: string) => console.error(line));
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
    const lead = await parseLead(endpoint, request, env, log);
    if (lead instanceof Response) return lead;
    const stored = await storeLead(lead, env, {
      open: deps.store ?? openLeadStore,
      clientIp: platform?.clientIp,
      log,
    });
    if (stored instanceof Response) return stored;
    return forwardLead(lead, stored, env, {
      fetch: deps.fetch,
      random: deps.random,
      log,
      alertLog,
      now,
      ...(platform?.deliverLater ? { deliverLater: platform.deliverLater } : {}),
    });
  };
}

export const leadHandlers: Record<LeadEndpoint, Handler> = Object.fromEntries(
  Object.keys(endpointSchemas).map((endpoint) => [
    endpoint,
    createLeadHandler(endpoint as LeadEndpoint),
  ]),
) as Record<LeadEndpoint, Handler>;
