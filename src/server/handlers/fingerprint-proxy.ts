// Fingerprint's first-party ("proxy") integration: GET /fp/agent serves the agent loader from the
// site's own host and POST /fp/result forwards identification requests to the region's ingestion API,
// so ad blockers and third-party cookie rules do not cut identification short (docs/contracts/fingerprint.md).
import { isIP } from "node:net";
import { readFingerprintProxyEnv, type FingerprintProxyEnv, type FingerprintRegion } from "../env";
import { errorResponse, type Handler } from "../http";
import { fetchUpstream, UpstreamFailure, upstreamFailureResponse } from "../upstream";

export const FP_AGENT_METHODS = ["GET"] as const;
/** POST carries identification; GET is the agent's cacheable call (no cookies, no proxy headers). */
export const FP_RESULT_METHODS = ["GET", "POST"] as const;

/** A real identification payload is a few kilobytes; the cap bounds what one request can cost us. */
export const MAX_RESULT_BODY_BYTES = 256 * 1024;
/** The loader is tens of kilobytes; anything near this is not the script we asked for. */
export const MAX_AGENT_SCRIPT_BYTES = 2 * 1024 * 1024;
/** Upstream answers to identification are small JSON documents. */
const MAX_RESULT_RESPONSE_BYTES = 1024 * 1024;
const MAX_QUERY_LENGTH = 2048;

/** What Fingerprint's own integrations cap the loader's cache at: an hour in browsers, a minute in CDNs. */
const AGENT_MAX_AGE = 3600;
const AGENT_S_MAXAGE = 60;

/** Fingerprint's integrations tag proxied traffic with `ii` so it can tell integrations apart. */
const TRAFFIC_TAG = "custom-proxy-integration/1.0.0";

const API_KEY = /^[A-Za-z0-9]{1,64}$/;
const VERSION = /^\d{1,3}$/;
const LOADER_VERSION =
  /^\d{1,4}\.\d{1,4}\.\d{1,4}(?:-[0-9A-Za-z]{1,20}(?:\.[0-9A-Za-z]{1,20}){0,4})?$/;
const REGIONS: readonly FingerprintRegion[] = ["us", "eu", "ap"];

/** The only cookie Fingerprint's API reads from the site's requests. */
const FPJS_COOKIE = "_iidt";

/** Never forwarded: hop-by-hop (RFC 9110 §7.6.1), recomputed, credentials, and what we set ourselves. */
const DROPPED_REQUEST_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  "cookie",
  // fetch negotiates its own encoding and decodes the answer; the browser's choice would not match.
  "accept-encoding",
  "authorization",
  "forwarded",
  "via",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "x-country",
]);
/** Platform and proxy headers: the visitor's IP and host travel in FPJS-Proxy-* instead. */
const DROPPED_REQUEST_PREFIXES = [
  "x-forwarded-",
  "x-vercel-",
  "x-nf-",
  "x-netlify-",
  "cf-",
  "fpjs-",
];

type Deps = {
  env?: () => FingerprintProxyEnv;
  fetch?: typeof fetch;
  log?: (line: string) => void;
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

/** Exactly one value that matches, or null: a repeated parameter is as suspicious as a bad one. */
function single(params: URLSearchParams, name: string, pattern: RegExp): string | null {
  const values = params.getAll(name);
  return values.length === 1 && pattern.test(values[0] ?? "") ? (values[0] ?? null) : null;
}

/** Reads a body up to `limit` bytes; null when it is longer (the rest is not read). */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

function upstreamError(
  failure: UpstreamFailure,
  what: string,
  log: (line: string) => void,
): Response {
  log(`fingerprint proxy: ${what} ${failure.kind === "timeout" ? "timed out" : "unreachable"}`);
  return upstreamFailureResponse(failure, {
    timeout: "The identification service did not answer in time.",
    unreachable: "The identification service could not be reached.",
  });
}

/** The smaller of our cap and the max-age upstream asked for, so we never cache longer than it. */
function cappedAge(cacheControl: string | null, directive: string, cap: number): number {
  const match = new RegExp(`(?:^|[,\\s])${directive}=(\\d+)`, "i").exec(cacheControl ?? "");
  const upstream = match ? Number(match[1]) : Number.POSITIVE_INFINITY;
  return Math.min(cap, upstream);
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
    let response: Response;
    let script: Uint8Array<ArrayBuffer> | null;
    try {
      ({ response, payload: script } = await fetchUpstream(upstream.href, {
        service: "agent CDN",
        headers,
        redirect: "manual",
        timeoutMs: env.timeoutMs,
        fetch: deps.fetch,
        read: async (answer) => {
          if (answer.status !== 200) {
            await answer.body?.cancel().catch(() => undefined);
            return { response: answer, payload: null };
          }
          return {
            response: answer,
            payload: await readCapped(answer.body, MAX_AGENT_SCRIPT_BYTES),
          };
        },
      }));
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      return upstreamError(error, "agent CDN", log);
    }
    if (response.status !== 200) {
      log(`fingerprint proxy: agent CDN answered ${response.status}`);
      return errorResponse(
        502,
        "upstream_rejected",
        "The identification script could not be fetched.",
      );
    }
    if (script === null) {
      log("fingerprint proxy: agent script over the size cap");
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
 * The visitor's IP as the hosting platform saw it. Vercel overwrites x-real-ip and x-forwarded-for;
 * Netlify sets x-nf-client-connection-ip, and a browser could send any of the others there, so the
 * platform's own header is read first. Anything that is not an IP address is ignored.
 */
export function clientIp(headers: Headers, onVercel: boolean): string | null {
  const firstHop = headers.get("x-forwarded-for")?.split(",")[0] ?? null;
  const candidates = onVercel
    ? [headers.get("x-real-ip"), firstHop]
    : [headers.get("x-nf-client-connection-ip"), headers.get("x-real-ip"), firstHop];
  for (const candidate of candidates) {
    const value = candidate?.trim();
    if (value && isIP(value) !== 0) return value;
  }
  return null;
}

/** Only the `_iidt` cookie, from a Cookie header; null when the browser has none. */
export function fingerprintCookie(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === FPJS_COOKIE) {
      const value = part.slice(index + 1).trim();
      // A cookie value never holds these; one that does is not Fingerprint's.
      return /^[\x21-\x7e]*$/.test(value) && !/[;,\\"]/.test(value)
        ? `${FPJS_COOKIE}=${value}`
        : null;
    }
  }
  return null;
}

/** Hosts a Domain attribute cannot name (IP literals, single labels such as localhost). */
function isHostOnly(hostname: string): boolean {
  return isIP(hostname.replace(/^\[|\]$/g, "")) !== 0 || !hostname.includes(".");
}

/**
 * Upstream sets its cookie for Fingerprint's domain; the browser would drop it. Re-scope it to the
 * site's host (host-only where a Domain attribute is not allowed), keeping every other attribute.
 */
export function rewriteCookieDomain(setCookie: string, hostname: string): string {
  const [pair = "", ...attributes] = setCookie.split(";");
  const kept = attributes
    .map((attribute) => attribute.trim())
    .filter((attribute) => attribute !== "" && !/^domain\s*(=|$)/i.test(attribute));
  if (!isHostOnly(hostname)) kept.push(`Domain=${hostname}`);
  return [pair.trim(), ...kept].join("; ");
}

function forwardedHeaders(request: Request): Headers {
  const headers = new Headers();
  const connectionTokens = new Set(
    (request.headers.get("connection") ?? "")
      .split(",")
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
  request.headers.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (DROPPED_REQUEST_HEADERS.has(lower) || connectionTokens.has(lower)) return;
    if (DROPPED_REQUEST_PREFIXES.some((prefix) => lower.startsWith(prefix))) return;
    headers.set(lower, value);
  });
  return headers;
}

/** Statuses whose response must not carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * POST (or GET) /fp/result?region=us|eu|ap&…: forwards the agent's request to the region's
 * ingestion API with the agent's query, the `_iidt` cookie and Fingerprint's proxy headers, and
 * returns upstream's status, body and cookies (re-scoped to the site).
 */
export function createResultHandler(deps: Deps = {}): Handler {
  const log = logger(deps);
  return async (request) => {
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
    const isPost = request.method === "POST";
    let body: Uint8Array<ArrayBuffer> | null = null;
    if (isPost) {
      const declared = Number(request.headers.get("content-length") ?? "0");
      body =
        Number.isFinite(declared) && declared > MAX_RESULT_BODY_BYTES
          ? null
          : await readCapped(request.body, MAX_RESULT_BODY_BYTES);
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
        const ip = clientIp(request.headers, env.onVercel);
        if (ip) headers.set("FPJS-Proxy-Client-IP", ip);
        headers.set("FPJS-Proxy-Forwarded-Host", url.host);
      }
    }

    let response: Response;
    let payload: Uint8Array<ArrayBuffer> | null;
    try {
      ({ response, payload } = await fetchUpstream(upstream.href, {
        service: "ingestion API",
        method: request.method,
        headers,
        ...(body ? { body } : {}),
        redirect: "manual",
        timeoutMs: env.timeoutMs,
        fetch: deps.fetch,
        read: async (answer) => ({
          response: answer,
          payload: await readCapped(answer.body, MAX_RESULT_RESPONSE_BYTES),
        }),
      }));
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      return upstreamError(error, "ingestion API", log);
    }
    if (payload === null) {
      log("fingerprint proxy: ingestion answer over the size cap");
      return errorResponse(502, "upstream_rejected", "The identification service answered oddly.");
    }

    const out = new Headers();
    for (const name of ["content-type", "cache-control", "retry-after"]) {
      const value = response.headers.get(name);
      if (value !== null) out.set(name, value);
    }
    if (!out.has("cache-control")) out.set("cache-control", "no-store");
    for (const cookie of response.headers.getSetCookie()) {
      out.append("set-cookie", rewriteCookieDomain(cookie, url.hostname));
    }
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : payload, {
      status: response.status,
      headers: out,
    });
  };
}

export const fingerprintAgent = createAgentHandler();
export const fingerprintResult = createResultHandler();
