// The handler table: what answers each address in ./functionPaths.ts, on the local server, develop, Netlify and Vercel.
import { getCountry, GET_COUNTRY_METHODS } from "./integrations/geo";
import { greenhouse, GREENHOUSE_METHODS } from "./integrations/greenhouse";
import { leadHandlers, LEAD_METHODS } from "./leads/handler";
import { ampExp, AMP_EXP_METHODS } from "./integrations/amplitudeExposures";
import { cmsAuth, cmsCallback, CMS_OAUTH_METHODS } from "./cms/githubOAuth";
import {
  FINGERPRINT_METHODS,
  fingerprintDirectEvents,
  fingerprintEvents,
  fingerprintVisits,
} from "./integrations/fingerprint/events";
import {
  FP_AGENT_METHODS,
  FP_RESULT_METHODS,
  fingerprintAgent,
  fingerprintResult,
} from "./integrations/fingerprint/proxy";
import {
  internalError,
  methodNotAllowed,
  type Handler,
  type PlatformContext,
} from "./http/responses";
import { withFunctionHeaders } from "../security/headers";
import {
  leadFunctions,
  normalizeFunctionPath,
  serviceFunctions,
  type FunctionAddress,
  type ServiceFunctionName,
} from "./functionPaths";

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** A function's address (./functionPaths.ts) with what answers it. */
export type FunctionRoute = FunctionAddress & {
  methods: readonly HttpMethod[];
  handler: Handler;
};

type Answer = Pick<FunctionRoute, "methods" | "handler">;

/** What answers each service function; names and paths come from ./functionPaths.ts. */
const serviceAnswers: Record<ServiceFunctionName, Answer> = {
  "get-country": { methods: GET_COUNTRY_METHODS, handler: getCountry },
  greenhouse: { methods: GREENHOUSE_METHODS, handler: greenhouse },
  "fp-events": { methods: FINGERPRINT_METHODS, handler: fingerprintEvents },
  "fp-visits": { methods: FINGERPRINT_METHODS, handler: fingerprintVisits },
  "fp-events-direct": { methods: FINGERPRINT_METHODS, handler: fingerprintDirectEvents },
  "fp-agent": { methods: FP_AGENT_METHODS, handler: fingerprintAgent },
  "fp-result": { methods: FP_RESULT_METHODS, handler: fingerprintResult },
  "amp-exp": { methods: AMP_EXP_METHODS, handler: ampExp },
  "cms-auth": { methods: CMS_OAUTH_METHODS, handler: cmsAuth },
  "cms-callback": { methods: CMS_OAUTH_METHODS, handler: cmsCallback },
};

export const functions: readonly FunctionRoute[] = [
  ...serviceFunctions.map((address) => ({ ...address, ...serviceAnswers[address.name] })),
  ...leadFunctions.map(({ name, path, endpoint }) => ({
    name,
    path,
    methods: LEAD_METHODS,
    handler: leadHandlers[endpoint],
  })),
];

/** Whether a route's path (with `:name` segments matching one path segment each) names this path. */
function pathMatches(routePath: string, pathname: string): boolean {
  const want = normalizeFunctionPath(pathname).split("/");
  const have = normalizeFunctionPath(routePath).split("/");
  return (
    want.length === have.length &&
    have.every((segment, i) =>
      segment.startsWith(":") ? (want[i] ?? "") !== "" : segment === want[i],
    )
  );
}

export function findFunction(
  pathname: string,
  table: readonly FunctionRoute[] = functions,
): FunctionRoute | undefined {
  return table.find((route) => pathMatches(route.path, pathname));
}

/** The function a header routes this request to (see FunctionRoute.byHeader), if any. */
export function findFunctionByHeader(
  pathname: string,
  headers: Headers,
  table: readonly FunctionRoute[] = functions,
): FunctionRoute | undefined {
  return table.find(
    (route) =>
      route.byHeader !== undefined &&
      route.byHeader.path.test(pathname) &&
      headers.get(route.byHeader.name) === route.byHeader.value,
  );
}

/** For adapters, which name their function: a typo must fail at deploy time, not per request. */
export function functionNamed(
  name: string,
  table: readonly FunctionRoute[] = functions,
): FunctionRoute {
  const route = table.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No function named "${name}" in src/server/functions.ts.`);
  return route;
}

export function allowsMethod(route: FunctionRoute, method: string): boolean {
  return route.methods.some((allowed) => allowed === method);
}

/** Called with what a handler threw; returns the response to send instead. */
export type FunctionErrorHandler = (
  error: unknown,
  request: Request,
  route: FunctionRoute,
) => Response | Promise<Response>;

/**
 * Runs a route's handler with the checks every platform needs: method guard, a throw turned into a
 * generic 500 (the error goes to the log via onError, never into the response), and the functions'
 * security headers on whatever is answered, on every host alike.
 */
export async function runFunction(
  route: FunctionRoute,
  request: Request,
  platform: PlatformContext | undefined,
  onError: FunctionErrorHandler = (error) => {
    console.error(`function ${route.name} failed:`, error);
    return internalError();
  },
): Promise<Response> {
  if (!allowsMethod(route, request.method))
    return withFunctionHeaders(methodNotAllowed(route.methods));
  try {
    return withFunctionHeaders(await route.handler(request, platform));
  } catch (error) {
    return withFunctionHeaders(await onError(error, request, route));
  }
}
