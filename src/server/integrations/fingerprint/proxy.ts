// Fingerprint's first-party ("proxy") integration: GET /fp/agent serves the agent loader from the
// site's own host and POST /fp/result forwards identification requests to the region's ingestion API,
// so ad blockers and third-party cookie rules do not cut identification short. This file is the I/O;
// the rules are in ./proxyRules.ts and the header logic in ./proxyHeaders.ts.
import { readCapped } from "../../http/cappedBody";
import { readFingerprintProxyEnv, type FingerprintProxyEnv } from "../../env";
import {
  cappedAge,
  cookieDomain,
  fingerprintCookie,
  forwardedHeaders,
  rewriteCookieDomain,
  single,
} from "./proxyHeaders";
import {
  AGENT_MAX_AGE,
  AGENT_S_MAXAGE,
  API_KEY,
  FP_AGENT_METHODS,
  FP_RESULT_METHODS,
  LOADER_VERSION,
  MAX_AGENT_SCRIPT_BYTES,
  MAX_QUERY_LENGTH,
  MAX_RESULT_BODY_BYTES,
  MAX_RESULT_RESPONSE_BYTES,
  NULL_BODY_STATUSES,
  REGIONS,
  TRAFFIC_TAG,
  VERSION,
} from "./proxyRules";
import { errorResponse, type Handler } from "../../http/responses";
import { meter as defaultMeter, type Meter } from "../secretMeter";
import {
  describeFailure,
  fetchUpstream,
  upstreamFailureResponse,
  type UpstreamFailure,
} from "../upstream";

export { cookieDomain, fingerprintCookie, rewriteCookieDomain } from "./proxyHeaders";
export { FP_AGENT_METHODS, FP_RESULT_METHODS, MAX_RESULT_BODY_BYTES } from "./proxyRules";

type Deps = {
  env?: () => FingerprintProxyEnv;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  meter?: Meter;
};

function logger(deps: Deps): (line: string) => void {
  return deps.log ?? ((line: string) => console.log(line));
}

function environment(deps: Deps): FingerprintProxyEnv | Response {
  try {
    return (deps.env ?? readFingerprintProxyEnv)();
  } catch (error) {
    logger(deps)(`fingerprint proxy: configuration error: ${(error as Error).message}`);
    return errorResponse(500, "not_configured", "The identification proxy is misconfigured.");
  }
}

function upstreamError(failure: UpstreamFailure, log: (line: string) => void): Response {
  log(`fingerprint proxy: ${describeFailure(failure)}`);
  return upstreamFailureResponse(failure, {
    timeout: "The identification service did not answer in time.",
    unreachable: "The identification service could not be reached.",
  });
}

/** GET /fp/agent?apiKey=&version=&loaderVersion=: the agent loader, fetched from Fingerprint's CDN. */
export function createAgentHandler(deps: Deps = {}): Handler {
  const log = logger(deps);
  return async (request) => {
    if (request.method !== "GET") {
      return errorResponse(405, "method_not_allowed", "Use GET.", undefined, {
        headers: { allow: FP_AGENT_METHODS.join(", ") },
      });
    }
    const params = new URL(request.url).searchParams;
    const apiKey = single(params, "apiKey", API_KEY);
    const version = single(params, "version", VERSION);
    const loaderVersion = single(params, "loaderVersion", LOADER_VERSION);
    if (!apiKey || !version || !loaderVersion) {
      return errorResponse(
        400,
        "invalid_agent_request",
        "Ask for the agent with apiKey (letters and digits), version and loaderVersion.",
      );
    }
    const env = environment(deps);
    if (env instanceof Response) return env;
    // Only the three checked values reach the URL, and only under the configured CDN: never an open proxy.
    const upstream = new URL(`${env.cdnUrl}/v${version}/${apiKey}/loader_v${loaderVersion}.js`);
    upstream.searchParams.set("ii", `${TRAFFIC_TAG}/procdn`);
    const headers = new Headers({ accept: "*/*" });
    for (const name of ["user-agent", "accept-language"]) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const outcome = await fetchUpstream(upstream.href, {
      service: "agent CDN",
      headers,
      timeoutMs: env.timeoutMs,
      // A visitor who went away ends the call; that is not the service's fault (502, not 504).
      signal: request.signal,
      fetch: deps.fetch,
      maxBytes: MAX_AGENT_SCRIPT_BYTES,
      read: async (answer) => {
        if (answer.status === 200) return new Uint8Array(await answer.arrayBuffer());
        await answer.body?.cancel().catch(() => undefined);
        return null;
      },
    });
    if (outcome.kind === "oversized") {
      log("fingerprint proxy: agent script over the size cap");
      return errorResponse(
        502,
        "upstream_rejected",
        "The identification script could not be fetched.",
      );
    }
    if (outcome.kind !== "answer") return upstreamError(outcome, log);
    const { response, value: script } = outcome;
    if (response.status !== 200 || script === null) {
      log(`fingerprint proxy: agent CDN answered ${response.status}`);
      return errorResponse(
        502,
        "upstream_rejected",
        "The identification script could not be fetched.",
      );
    }
    const upstreamCache = response.headers.get("cache-control");
    const maxAge = cappedAge(upstreamCache, "max-age", AGENT_MAX_AGE);
    const sMaxAge = Math.min(cappedAge(upstreamCache, "s-maxage", AGENT_S_MAXAGE), maxAge);
    return new Response(script, {
      status: 200,
      headers: {
        "content-type": "application/javascript; charset=utf-8",
        "cache-control": `public, max-age=${maxAge}, s-maxage=${sMaxAge}`,
      },
    });
  };
}

/**
 * POST (or GET) /fp/result?region=us|eu|ap&…: forwards the agent's request to the region's
 * ingestion API with the agent's query, the `_iidt` cookie and Fingerprint's proxy headers, and
 * returns upstream's status, body and cookies (re-scoped to the site). The client address and host
 * Fingerprint is told come from the host (PlatformContext) and the configured site URL, never from
 * the request's own headers.
 */
export function createResultHandler(deps: Deps = {}): Handler {
  const log = logger(deps);
  return async (request, platform) => {
    if (request.method !== "GET" && request.method !== "POST") {
      return errorResponse(405, "method_not_allowed", "Use POST or GET.", undefined, {
        headers: { allow: FP_RESULT_METHODS.join(", ") },
      });
    }
    const url = new URL(request.url);
    const regionValue = single(url.searchParams, "region", /^(us|eu|ap)$/);
    const region = REGIONS.find((candidate) => candidate === regionValue);
    if (!region || url.search.length > MAX_QUERY_LENGTH) {
      return errorResponse(400, "invalid_region", "Send region=us, eu or ap.");
    }
    // Counted before the body is read: a caller past the limit costs us nothing more.
    const refused = await (deps.meter ?? defaultMeter)("fp-result", platform?.clientIp);
    if (refused) return refused;
    const isPost = request.method === "POST";
    let body: Uint8Array<ArrayBuffer> | null = null;
    if (isPost) {
      body = await readCapped(
        request.body,
        MAX_RESULT_BODY_BYTES,
        request.headers.get("content-length"),
      );
      if (body === null) {
        return errorResponse(413, "payload_too_large", "The identification request is too large.");
      }
    }
    const env = environment(deps);
    if (env instanceof Response) return env;

    // Region and host are fixed by us; only the agent's query string travels: never an open proxy.
    const upstream = new URL(`${env.ingressUrls[region]}/`);
    upstream.search = url.search;
    const headers = forwardedHeaders(request);
    if (isPost) {
      upstream.searchParams.append("ii", `${TRAFFIC_TAG}/ingress`);
      const cookie = fingerprintCookie(request.headers.get("cookie"));
      if (cookie) headers.set("cookie", cookie);
      // Fingerprint trusts the forwarded IP and host only with the secret; without it they are left
      // out rather than sent unverifiable (as Fingerprint's own integrations do).
      if (env.proxySecret) {
        headers.set("FPJS-Proxy-Secret", env.proxySecret);
        if (platform?.clientIp) headers.set("FPJS-Proxy-Client-IP", platform.clientIp);
        headers.set("FPJS-Proxy-Forwarded-Host", env.siteUrl.host);
      }
    }

    const outcome = await fetchUpstream(upstream.href, {
      service: "ingestion API",
      method: request.method,
      headers,
      ...(body ? { body } : {}),
      timeoutMs: env.timeoutMs,
      // A visitor who went away ends the call; that is not the service's fault (502, not 504).
      signal: request.signal,
      fetch: deps.fetch,
      maxBytes: MAX_RESULT_RESPONSE_BYTES,
      read: async (answer) => new Uint8Array(await answer.arrayBuffer()),
    });
    if (outcome.kind === "oversized") {
      log("fingerprint proxy: ingestion answer over the size cap");
      return errorResponse(502, "upstream_rejected", "The identification service answered oddly.");
    }
    if (outcome.kind !== "answer") return upstreamError(outcome, log);
    const { response, value: payload } = outcome;

    const out = new Headers();
    for (const name of ["content-type", "cache-control", "retry-after"]) {
      const value = response.headers.get(name);
      if (value !== null) out.set(name, value);
    }
    if (!out.has("cache-control")) out.set("cache-control", "no-store");
    const domain = cookieDomain(url.hostname, env.siteUrl.hostname);
    for (const cookie of response.headers.getSetCookie()) {
      out.append("set-cookie", rewriteCookieDomain(cookie, domain));
    }
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : payload, {
      status: response.status,
      headers: out,
    });
  };
}

export const fingerprintAgent = createAgentHandler();
export const fingerprintResult = createResultHandler();
