// Where each function is reached: names and paths only, no handlers, so the build's header step can read it
// without loading the functions (and the PostgreSQL driver). The handler table (./functions.ts) is built on it.
import { leadEndpoints, type LeadEndpoint } from "../leads/endpoints";

export type FunctionAddress = {
  /** Entry-point file name under api/ and functions/. */
  name: string;
  /** Path without a trailing slash; the slash form is answered too. */
  path: string;
  /**
   * Also answers any path matching `path` when the request carries this header value (how Vercel
   * routes the visits call on its random 4-character path; the local server does the same).
   */
  byHeader?: { name: string; value: string; path: RegExp };
};

/** The CMS login (src/server/cms/githubOAuth.ts): the admin's `auth_endpoint`, and GitHub's way back. */
export const CMS_AUTH_PATH = "/api/cms-auth";
export const CMS_CALLBACK_PATH = "/api/cms-callback";

/** The functions that talk to an outside service or the edge (the lead endpoints follow). */
export const serviceFunctions = [
  { name: "get-country", path: "/api/get-country" },
  { name: "greenhouse", path: "/greenhouse" },
  { name: "fp-events", path: "/fp/v4" },
  {
    name: "fp-visits",
    path: "/fp/visits",
    byHeader: { name: "x-vercel-function", value: "visits", path: /^\/[A-Za-z0-9]{4}\/?$/ },
  },
  // A path parameter: the local server's router (Hono) and Netlify read it as one; Vercel's
  // rewrite in vercel.json hands it over as ?requestId=.
  { name: "fp-events-direct", path: "/fp/events/:requestId" },
  { name: "fp-agent", path: "/fp/agent" },
  { name: "fp-result", path: "/fp/result" },
  { name: "amp-exp", path: "/amp-exp" },
  { name: "cms-auth", path: CMS_AUTH_PATH },
  { name: "cms-callback", path: CMS_CALLBACK_PATH },
] as const satisfies readonly FunctionAddress[];

/** The function (entry-point name) that answers each lead endpoint. */
export const leadFunctionNames = {
  "/api/hubspot/": "hubspot",
  "/api/hubspot-single-pane/": "hubspot-single-pane",
  "/api/hubspot-newsletter/": "hubspot-newsletter",
  "/api/hubspot-support/": "hubspot-support",
  "/api/hubspot-press/": "hubspot-press",
  "/api/hubspot-partners/": "hubspot-partners",
  "/api/roi/": "roi",
  "/risk/": "risk",
  "/api-webinar/": "api-webinar",
} as const satisfies Record<LeadEndpoint, string>;

export type ServiceFunctionName = (typeof serviceFunctions)[number]["name"];
export type FunctionName = ServiceFunctionName | (typeof leadFunctionNames)[LeadEndpoint];

/** Each lead endpoint's function, at the endpoint's path. */
export const leadFunctions = leadEndpoints.map((endpoint) => ({
  name: leadFunctionNames[endpoint],
  path: normalizeFunctionPath(endpoint),
  endpoint,
}));

/** Every function, in the order the routers try them. */
export const functionAddresses: readonly (FunctionAddress & { name: FunctionName })[] = [
  ...serviceFunctions,
  ...leadFunctions,
];

/** "/api/hubspot/" and "/api/hubspot" name the same function: the site calls both spellings. */
export function normalizeFunctionPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Both spellings of a function's path, for routers and platform configs that match exactly. */
export function functionPaths(route: Pick<FunctionAddress, "path">): [string, string] {
  const base = normalizeFunctionPath(route.path);
  return [base, `${base}/`];
}
