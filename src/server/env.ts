// The only module that reads server-side environment variables (secrets and server configuration):
// zod schemas over the raw variables, read per call so tests (and rotated secrets) see the values in
// effect when a request is handled. Each reader's result type is its return value's type.
import path from "node:path";
import { z } from "zod";
import type { FixedHubspotForm } from "./leads/hubspotFields";
import {
  checkLease,
  cmsOAuthSchema,
  count,
  FORM_VARIABLES,
  fieldMapVariable,
  fingerprintProxySchema,
  formGuidList,
  formGuidVariables,
  forwardedHeaderVariable,
  httpUrl,
  integer,
  maybe,
  meterSchema,
  originList,
  portVariable,
  read,
  secret,
  text,
  timeout,
  trustProxyVariable,
  siteUrlVariable,
  withSiteUrl,
  type EnvSource,
} from "./envVariables";

const serverSchema = z.object({
  GEO_COUNTRY: text(),
  PORT: portVariable(),
  HOST: text(),
  PUBLIC_DIR: text(),
  TRUST_PROXY: trustProxyVariable(),
  TRUST_PROXY_HEADER: forwardedHeaderVariable(),
});

export function readServerEnv(source: EnvSource = process.env) {
  const env = read(serverSchema, source);
  return {
    /** Local stand-in for the edge's visitor country (e.g. "DE", upper-cased); null lets request headers decide. */
    geoCountry: env.GEO_COUNTRY?.toUpperCase() ?? null,
    /** Port of the local server; 0 asks the OS for a free one (tests). */
    port: env.PORT,
    /** Interface to bind; null binds every interface (IPv6 and IPv4 where available). */
    host: env.HOST,
    /** Absolute path of Gatsby's build output. */
    publicDir: path.resolve(env.PUBLIC_DIR ?? "public"),
    /** The proxies in front of this server (none: the socket's peer is the client). */
    trustProxy: env.TRUST_PROXY,
    /** The header those proxies append to. */
    trustProxyHeader: (env.TRUST_PROXY_HEADER?.toLowerCase() ?? "x-forwarded-for") as
      "x-forwarded-for" | "forwarded",
  };
}
export type ServerEnv = ReturnType<typeof readServerEnv>;

const greenhouseSchema = z.object({
  GREENHOUSE_BOARD: maybe("GREENHOUSE_BOARD", "a board token (letters, digits, - and _)", (raw) =>
    /^[A-Za-z0-9_-]{1,100}$/.test(raw),
  ),
  GREENHOUSE_TIMEOUT_MS: timeout("GREENHOUSE_TIMEOUT_MS", 4000),
  GREENHOUSE_API_URL: httpUrl("GREENHOUSE_API_URL", "https://boards-api.greenhouse.io/v1"),
  GREENHOUSE_EMBED_URL: httpUrl(
    "GREENHOUSE_EMBED_URL",
    "https://job-boards.greenhouse.io/embed/job_app",
  ),
});

/** Configuration of the Greenhouse proxy (GET /greenhouse/). */
export function readGreenhouseEnv(source: EnvSource = process.env) {
  const env = read(greenhouseSchema, source);
  return {
    /** Job Board API base, e.g. https://boards-api.greenhouse.io/v1; tests point it at a fake. */
    apiUrl: env.GREENHOUSE_API_URL,
    /** Board token; null serves the sample board from content/careers/. */
    board: env.GREENHOUSE_BOARD,
    /** How long the proxy waits for the job board before answering 502. */
    timeoutMs: env.GREENHOUSE_TIMEOUT_MS,
    /** Greenhouse's hosted application form, framed on the apply page. */
    embedUrl: env.GREENHOUSE_EMBED_URL,
  };
}
export type GreenhouseEnv = ReturnType<typeof readGreenhouseEnv>;

/** Keys in the order they are checked: with several bad values, the first one here is reported. */
const leadsSchema = z.preprocess(
  withSiteUrl,
  z.object({
    HUBSPOT_PORTAL_ID: maybe("HUBSPOT_PORTAL_ID", "the numeric account id", (raw) =>
      /^\d{1,12}$/.test(raw),
    ),
    HUBSPOT_TIMEOUT_MS: timeout("HUBSPOT_TIMEOUT_MS", 8000),
    DATABASE_URL: secret(
      /^postgres(ql)?:\/\//,
      "DATABASE_URL must be a postgres:// or postgresql:// connection string.",
    ),
    LEADS_LIMIT_PER_MINUTE: count("LEADS_LIMIT_PER_MINUTE", 30, 1_000_000),
    LEADS_LIMIT_PER_HOUR: count("LEADS_LIMIT_PER_HOUR", 300, 1_000_000),
    LEADS_LIMIT_PER_EMAIL: count("LEADS_LIMIT_PER_EMAIL", 3, 1_000_000),
    HUBSPOT_MAX_PER_10S: count("HUBSPOT_MAX_PER_10S", 40, 1_000_000),
    LEADS_WORKER_INTERVAL_MS: count("LEADS_WORKER_INTERVAL_MS", 10_000, 3_600_000),
    LEADS_LEASE_MS: integer("LEADS_LEASE_MS", null, 0, 3_600_000),
    LEADS_ALERT_WEBHOOK_URL: httpUrl("LEADS_ALERT_WEBHOOK_URL", null),
    CRON_SECRET: text(),
    LEADS_DB_POOL_SIZE: count("LEADS_DB_POOL_SIZE", 5, 100),
    LEADS_STORE_DIR: text(),
    LEADS_OUTBOX_DIR: text(),
    SITE_URL: siteUrlVariable(),
    // Netlify's own variable: read leniently, since other tools use the name too.
    URL: text(),
    ALLOWED_ORIGINS: originList(),
    HUBSPOT_WEBINAR_FORM_IDS: text(),
    HUBSPOT_API_URL: httpUrl("HUBSPOT_API_URL", "https://api.hsforms.com"),
    HUBSPOT_TOKEN: text(),
    HUBSPOT_FIELD_MAP: fieldMapVariable(),
    HUBSPOT_CRM_API_URL: httpUrl("HUBSPOT_CRM_API_URL", "https://api.hubapi.com"),
    BUILD_HOOK_URL: secret(/^https?:\/\/\S+$/, "BUILD_HOOK_URL must be an http(s) URL."),
    BUILD_HOOK_TIMEOUT_MS: timeout("BUILD_HOOK_TIMEOUT_MS", 10_000),
    ...formGuidVariables(),
  }),
);

/** Configuration of the lead functions (POST /api/hubspot/ and friends) and their delivery worker. */
export function readLeadsEnv(source: EnvSource = process.env) {
  const env = read(leadsSchema, source);
  const delivery = {
    /** Abuse limits per client address (an IPv6 /64) and endpoint; 0 turns a window off. */
    perMinute: env.LEADS_LIMIT_PER_MINUTE,
    perHour: env.LEADS_LIMIT_PER_HOUR,
    /** Submissions of one email address per endpoint and hour (a repeat, not a colleague); 0: off. */
    perEmail: env.LEADS_LIMIT_PER_EMAIL,
    /** Outbound requests to HubSpot per 10 s, across every worker and request (at least 1). */
    outboundPer10s: Math.max(1, env.HUBSPOT_MAX_PER_10S),
    /** The longest the local server's worker loop sleeps with nothing due (it is woken by each lead left for it); 0: no loop. */
    workerIntervalMs: env.LEADS_WORKER_INTERVAL_MS,
    /** How long a claim (and each renewal before a send) holds a lead: a send plus at least LEASE_MARGIN_MS. */
    leaseMs: checkLease(env.LEADS_LEASE_MS, env.HUBSPOT_TIMEOUT_MS),
    /** Slack-compatible webhook told once about each lead that ends `failed`. */
    alertWebhookUrl: env.LEADS_ALERT_WEBHOOK_URL,
    /** Vercel sends it as a bearer token on cron calls; anything else may not start the worker. */
    cronSecret: env.CRON_SECRET,
    /** Connections each instance may open to PostgreSQL (small for functions, larger for a server). */
    poolSize: Math.max(1, env.LEADS_DB_POOL_SIZE),
    /** Netlify's own address of the site (its URL variable), where the scheduled function starts a background drain. */
    netlifySiteUrl: env.URL && /^https?:\/\/[^\s]+$/.test(env.URL) ? env.URL : null,
  };
  return {
    /** PostgreSQL connection string; when set it is the lead store (shared by every instance). */
    databaseUrl: env.DATABASE_URL,
    delivery,
    /** The file lead store's folder: every accepted lead is written there before the answer. */
    // LEADS_OUTBOX_DIR is the variable's former name, still read so existing deployments keep their folder.
    storeDir: path.resolve(env.LEADS_STORE_DIR ?? env.LEADS_OUTBOX_DIR ?? ".outbox/leads"),
    /** Origins allowed to post forms besides the request's own (the canonical site, previews). */
    allowedOrigins: [env.SITE_URL, ...env.ALLOWED_ORIGINS],
    /** HubSpot webinar form GUIDs a webinar page may name (others in the list are ignored); null: none. */
    webinarFormIds: formGuidList(env.HUBSPOT_WEBINAR_FORM_IDS),
    hubspot: {
      /** Forms API base, e.g. https://api.hsforms.com; tests point it at a fake. */
      apiUrl: env.HUBSPOT_API_URL,
      /** Null: HubSpot is not configured and leads stay in the lead store (`npm run leads`). */
      portalId: env.HUBSPOT_PORTAL_ID,
      /** Private-app token: when set, the authenticated submit endpoint is used. */
      token: env.HUBSPOT_TOKEN,
      timeoutMs: env.HUBSPOT_TIMEOUT_MS,
      /** HUBSPOT_FIELD_MAP: per form, our key → HubSpot property (null: not sent). */
      fieldMap: env.HUBSPOT_FIELD_MAP,
      /** HubSpot's CRM API base (form definitions for `npm run leads -- --check`); tests use a fake. */
      crmApiUrl: env.HUBSPOT_CRM_API_URL,
      forms: Object.fromEntries(
        Object.entries(FORM_VARIABLES).map(([key, name]) => [key, env[name]]),
      ) as Record<FixedHubspotForm, string | null>,
    },
    /** The schedule trigger (src/server/schedule/): its build hook, and the site's own schedule.json. */
    schedule: {
      buildHookUrl: env.BUILD_HOOK_URL,
      timeoutMs: env.BUILD_HOOK_TIMEOUT_MS,
      url: `${env.SITE_URL}/schedule.json`,
    },
  };
}
export type LeadsEnv = ReturnType<typeof readLeadsEnv>;
export type DeliveryEnv = LeadsEnv["delivery"];

const amplitudeSchema = z.object({
  AMPLITUDE_API_KEY: secret(
    /^[A-Za-z0-9]{8,64}$/,
    "AMPLITUDE_API_KEY must be the project's API key (letters and digits).",
  ),
  AMPLITUDE_TIMEOUT_MS: timeout("AMPLITUDE_TIMEOUT_MS", 5000),
  AMPLITUDE_API_URL: httpUrl("AMPLITUDE_API_URL", "https://api2.amplitude.com"),
});

/** Configuration of POST /amp-exp/ (experiment exposures forwarded to Amplitude). */
export function readAmplitudeEnv(source: EnvSource = process.env) {
  const env = read(amplitudeSchema, source);
  return {
    /** Project API key, held by the server for exposures; null: /amp-exp/ is not configured. */
    apiKey: env.AMPLITUDE_API_KEY,
    /** HTTP V2 API base, e.g. https://api2.amplitude.com; tests point it at a fake. */
    apiUrl: env.AMPLITUDE_API_URL,
    timeoutMs: env.AMPLITUDE_TIMEOUT_MS,
  };
}
export type AmplitudeEnv = ReturnType<typeof readAmplitudeEnv>;

const fingerprintSchema = z.object({
  FPJS_SECRET_API_KEY: secret(
    /^[A-Za-z0-9_-]{8,128}$/,
    "FPJS_SECRET_API_KEY must be the workspace's secret API key.",
  ),
  FPJS_TIMEOUT_MS: timeout("FPJS_TIMEOUT_MS", 5000),
  FPJS_SERVER_API_URL: httpUrl("FPJS_SERVER_API_URL", "https://api.fpjs.io"),
});

/** Configuration of the events and visits functions (Fingerprint Server API v4; v3 is being retired). */
export function readFingerprintEnv(source: EnvSource = process.env) {
  const env = read(fingerprintSchema, source);
  return {
    /** Server API secret key; null: the events and visits functions are not configured. */
    secretKey: env.FPJS_SECRET_API_KEY,
    /** Server API base (https://api.fpjs.io, eu.api.fpjs.io, ap.api.fpjs.io); tests point it at a fake. */
    apiUrl: env.FPJS_SERVER_API_URL,
    timeoutMs: env.FPJS_TIMEOUT_MS,
  };
}
export type FingerprintEnv = ReturnType<typeof readFingerprintEnv>;

/** Configuration of GET /api/get-country. */
export function readGeoEnv(source: EnvSource = process.env) {
  const raw = read(z.object({ TRUST_TEST_GEO_HEADER: text() }), source).TRUST_TEST_GEO_HEADER;
  return {
    /** May GET /api/get-country read the `x-country` header (1, true, yes, on)? Browser tests only, never production. */
    trustTestHeader: raw !== null && /^(1|true|yes|on)$/i.test(raw),
  };
}
export type GeoEnv = ReturnType<typeof readGeoEnv>;

/** The meter on the functions that spend a secret or a quota: per secret, 0 turns a window off. */
export function readMeterEnv(source: EnvSource = process.env) {
  return read(meterSchema, source);
}
export type MeterEnv = ReturnType<typeof readMeterEnv>;

export type FingerprintRegion = "us" | "eu" | "ap";

/** Configuration of the first-party proxy (GET /fp/agent, POST /fp/result). */
export function readFingerprintProxyEnv(source: EnvSource = process.env) {
  const env = read(fingerprintProxySchema, source);
  return {
    /** Fingerprint's agent CDN, e.g. https://fpnpmcdn.net; tests point it at a fake. */
    cdnUrl: env.FPJS_CDN_URL,
    /** Identification (ingestion) API per region; tests point them at a fake. */
    ingressUrls: {
      us: env.FPJS_INGRESS_URL_US,
      eu: env.FPJS_INGRESS_URL_EU,
      ap: env.FPJS_INGRESS_URL_AP,
    } satisfies Record<FingerprintRegion, string>,
    /** Pre-shared proxy secret from the dashboard; null sends no FPJS-Proxy-* headers. */
    proxySecret: env.FPJS_PROXY_SECRET,
    /** The configured site (SITE_URL, else GATSBY_SITE_URL): FPJS-Proxy-Forwarded-Host and the cookie's Domain. */
    siteUrl: new URL(env.SITE_URL),
    timeoutMs: env.FPJS_PROXY_TIMEOUT_MS,
  };
}
export type FingerprintProxyEnv = ReturnType<typeof readFingerprintProxyEnv>;

/**
 * The CMS login (/api/cms-auth, /api/cms-callback): the site's GitHub App or OAuth App; unset without both
 * credentials.
 */
export function readCmsOAuthEnv(source: EnvSource = process.env) {
  const env = read(cmsOAuthSchema, source);
  return {
    clientId: env.CMS_OAUTH_CLIENT_ID,
    clientSecret: env.CMS_OAUTH_CLIENT_SECRET,
    /**
     * github-app: a GitHub App's user access token (no scope; only the repositories the App is installed on,
     * with the App's permissions). oauth-app: an OAuth App's token with `scope`.
     */
    appKind: env.CMS_OAUTH_APP_KIND,
    /** GitHub's web origin (authorize and token URLs), e.g. https://github.com; tests point it at a fake. */
    githubUrl: env.CMS_OAUTH_GITHUB_URL,
    /** An OAuth App token's reach: repo (private and public repositories) or public_repo only. */
    scope: env.CMS_OAUTH_SCOPE,
    timeoutMs: env.CMS_OAUTH_TIMEOUT_MS,
  };
}
export type CmsOAuthEnv = ReturnType<typeof readCmsOAuthEnv>;
