// The one table of function routes, shared by the local server, Gatsby develop, Netlify and Vercel.
import { getCountry, GET_COUNTRY_METHODS } from "./integrations/geo";
import { greenhouse, GREENHOUSE_METHODS } from "./integrations/greenhouse";
import { leadHandlers, LEAD_METHODS } from "./leads/handler";
import { ampExp, AMP_EXP_METHODS } from "./integrations/amplitudeExposures";
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

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

export type FunctionRoute = {
  /** Entry-point file name under api/ and functions/. */
  name: string;
  /** Path without a trailing slash; the slash form is answered too. */
  path: string;
  methods: readonly HttpMethod[];
  handler: Handler;
  /**
   * Also answers any path matching `path` when the request carries this header value (how Vercel
   * routes the visits call on its random 4-character path; the local server does the same).
   */
  byHeader?: { name: string; value: string; path: RegExp };
};

export const functions: readonly FunctionRoute[] = [
  {
    name: "get-country",
    path: "/api/get-country",
    methods: GET_COUNTRY_METHODS,
    handler: getCountry,
  },
  {
    name: "greenhouse",
    path: "/greenhouse",
    methods: GREENHOUSE_METHODS,
    handler: greenhouse,
  },
  {
    name: "fp-events",
    path: "/fp/v4",
    methods: FINGERPRINT_METHODS,
    handler: fingerprintEvents,
  },
  {
    name: "fp-visits",
    path: "/fp/visits",
    methods: FINGERPRINT_METHODS,
    handler: fingerprintVisits,
    byHeader: { name: "x-vercel-function", value: "visits", path: /^\/[A-Za-z0-9]{4}\/?$/ },
  },
  {
    name: "fp-events-direct",
    // A path parameter: the local server's router (Hono) and Netlify read it as one; Vercel's
    // rewrite in vercel.json hands it over as ?requestId=.
    path: "/fp/events/:requestId",
    methods: FINGERPRINT_METHODS,
    handler: fingerprintDirectEvents,
  },
  {
    name: "fp-agent",
    path: "/fp/agent",
    methods: FP_AGENT_METHODS,
    handler: fingerprintAgent,
  },
  {
    name: "fp-result",
    path: "/fp/result",
    methods: FP_RESULT_METHODS,
    handler: fingerprintResult,
  },
  {
    name: "amp-exp",
    path: "/amp-exp",
    methods: AMP_EXP_METHODS,
    handler: ampExp,
  },
  ...(
    [
      ["hubspot", "/api/hubspot"],
      ["hubspot-single-pane", "/api/hubspot-single-pane"],
      ["hubspot-newsletter", "/api/hubspot-newsletter"],
      ["hubspot-support", "/api/hubspot-support"],
      ["hubspot-press", "/api/hubspot-press"],
      ["hubspot-partners", "/api/hubspot-partners"],
      ["roi", "/api/roi"],
      ["risk", "/risk"],
      ["api-webinar", "/api-webinar"],
    ] as const
  ).map(([name, path]) => ({
    name,
    path,
    methods: LEAD_METHODS,
    handler: leadHandlers[`${path}/`],
  })),
];

/** "/api/hubspot/" and "/api/hubspot" name the same function: the site calls both spellings. */
export function normalizeFunctionPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Both spellings of a route's path, for routers and platform configs that match exactly. */
export function functionPaths(route: FunctionRoute): [string, string] {
  const base = normalizeFunctionPath(route.path);
  return [base, `${base}/`];
}

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
