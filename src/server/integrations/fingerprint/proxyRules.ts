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

/**
 * The only browser headers that travel to the ingestion API: what describes the browser and the page
 * (its language, its client hints, where the request came from). Anything else, above all any header
 * naming a client address (X-Forwarded-For, True-Client-IP, X-Cluster-Client-IP…, known or not yet
 * invented), stays here: the visitor's address and host travel only in FPJS-Proxy-*, from the host.
 */
export const FORWARDED_REQUEST_HEADERS = new Set([
  "accept",
  "accept-language",
  "content-type",
  "origin",
  "referer",
  "user-agent",
  "sec-fetch-dest",
  "sec-fetch-mode",
  "sec-fetch-site",
]);
/** User-agent client hints (Sec-CH-UA, Sec-CH-UA-Platform…), which a browser writes itself. */
export const FORWARDED_REQUEST_PREFIXES = ["sec-ch-"];

/** Statuses whose response must not carry a body (the Response constructor refuses one). */
export const NULL_BODY_STATUSES = new Set([204, 205, 304]);
