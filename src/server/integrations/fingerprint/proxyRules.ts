// The first-party Fingerprint proxy's fixed rules: caps, accepted parameters, and which headers travel.
import type { FingerprintRegion } from "../../env";

export const FP_AGENT_METHODS = ["GET"] as const;
/** POST carries identification; GET is the agent's cacheable call (no cookies, no proxy headers). */
export const FP_RESULT_METHODS = ["GET", "POST"] as const;

/** A real identification payload is a few kilobytes; the cap bounds what one request can cost us. */
export const MAX_RESULT_BODY_BYTES = 256 * 1024;
/** The loader is tens of kilobytes; anything near this is not the script we asked for. */
export const MAX_AGENT_SCRIPT_BYTES = 2 * 1024 * 1024;
/** Upstream answers to identification are small JSON documents. */
export const MAX_RESULT_RESPONSE_BYTES = 1024 * 1024;
export const MAX_QUERY_LENGTH = 2048;

/** What Fingerprint's own integrations cap the loader's cache at: an hour in browsers, a minute in CDNs. */
export const AGENT_MAX_AGE = 3600;
export const AGENT_S_MAXAGE = 60;

/** Fingerprint's integrations tag proxied traffic with `ii` so it can tell integrations apart. */
export const TRAFFIC_TAG = "custom-proxy-integration/1.0.0";

export const API_KEY = /^[A-Za-z0-9]{1,64}$/;
export const VERSION = /^\d{1,3}$/;
export const LOADER_VERSION =
  /^\d{1,4}\.\d{1,4}\.\d{1,4}(?:-[0-9A-Za-z]{1,20}(?:\.[0-9A-Za-z]{1,20}){0,4})?$/;
export const REGIONS: readonly FingerprintRegion[] = ["us", "eu", "ap"];

/** The only cookie Fingerprint's API reads from the site's requests. */
export const FPJS_COOKIE = "_iidt";

/** Never forwarded: hop-by-hop (RFC 9110 §7.6.1), recomputed, credentials, and what we set ourselves. */
export const DROPPED_REQUEST_HEADERS = new Set([
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
export const DROPPED_REQUEST_PREFIXES = [
  "x-forwarded-",
  "x-vercel-",
  "x-nf-",
  "x-netlify-",
  "cf-",
  "fpjs-",
];

/** Statuses whose response must not carry a body (the Response constructor refuses one). */
export const NULL_BODY_STATUSES = new Set([204, 205, 304]);
