// The only module that reads server-side environment variables (secrets and server configuration).
import path from "node:path";
import { parseFieldMap } from "./hubspotFields";

export type ServerEnv = {
  /** Local stand-in for the edge's visitor country (e.g. "DE"); null lets request headers decide. */
  geoCountry: string | null;
  /** Port of the local server; 0 asks the OS for a free one (tests). */
  port: number;
  /** Interface to bind; null binds every interface (IPv6 and IPv4 where available). */
  host: string | null;
  /** Absolute path of Gatsby's build output. */
  publicDir: string;
};

type EnvSource = Readonly<Record<string, string | undefined>>;

const DEFAULT_PORT = 9000;
const DEFAULT_PUBLIC_DIR = "public";

/** Empty and whitespace-only values count as unset, as shells and CI often export `VAR=`. */
function read(source: EnvSource, name: string): string | null {
  const value = source[name]?.trim();
  return value ? value : null;
}

function readPort(source: EnvSource): number {
  const raw = read(source, "PORT");
  if (raw === null) return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${raw}".`);
  }
  return port;
}

/**
 * Reads the environment on every call rather than at import time, so tests (and later secrets
 * such as the HubSpot token) see the values in effect when a request is handled.
 */
export function readServerEnv(source: EnvSource = process.env): ServerEnv {
  return {
    // Upper-cased for convenience; the handler still rejects anything that is not two letters.
    geoCountry: read(source, "GEO_COUNTRY")?.toUpperCase() ?? null,
    port: readPort(source),
    host: read(source, "HOST"),
    publicDir: path.resolve(read(source, "PUBLIC_DIR") ?? DEFAULT_PUBLIC_DIR),
  };
}

export type GreenhouseEnv = {
  /** Job Board API base, e.g. https://boards-api.greenhouse.io/v1; tests point it at a fake. */
  apiUrl: string;
  /** Board token; null serves the sample board from content/careers/. */
  board: string | null;
  /** How long the proxy waits for the job board before answering 502. */
  timeoutMs: number;
  /** Greenhouse's hosted application form, framed on the apply page. */
  embedUrl: string;
};

const DEFAULT_GREENHOUSE_API_URL = "https://boards-api.greenhouse.io/v1";
const DEFAULT_GREENHOUSE_EMBED_URL = "https://job-boards.greenhouse.io/embed/job_app";
const DEFAULT_GREENHOUSE_TIMEOUT_MS = 4000;
const BOARD_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

function readHttpUrl(source: EnvSource, name: string, fallback: string): string {
  const raw = read(source, name);
  if (raw === null) return fallback;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash) {
    throw new Error(
      `${name} must be an absolute http(s) URL without query or fragment, got "${raw}".`,
    );
  }
  return raw.replace(/\/+$/, "");
}

/** Configuration of the Greenhouse proxy (GET /greenhouse/), read per request like the rest. */
export function readGreenhouseEnv(source: EnvSource = process.env): GreenhouseEnv {
  const board = read(source, "GREENHOUSE_BOARD");
  if (board !== null && !BOARD_TOKEN.test(board)) {
    throw new Error(
      `GREENHOUSE_BOARD must be a board token (letters, digits, - and _), got "${board}".`,
    );
  }
  const rawTimeout = read(source, "GREENHOUSE_TIMEOUT_MS");
  const timeoutMs = rawTimeout === null ? DEFAULT_GREENHOUSE_TIMEOUT_MS : Number(rawTimeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 50 || timeoutMs > 30000) {
    throw new Error(
      `GREENHOUSE_TIMEOUT_MS must be an integer from 50 to 30000, got "${rawTimeout}".`,
    );
  }
  return {
    apiUrl: readHttpUrl(source, "GREENHOUSE_API_URL", DEFAULT_GREENHOUSE_API_URL),
    board,
    timeoutMs,
    embedUrl: readHttpUrl(source, "GREENHOUSE_EMBED_URL", DEFAULT_GREENHOUSE_EMBED_URL),
  };
}

/** Which HubSpot form takes each lead endpoint's submissions (the webinar brings its own form id). */
export type HubspotFormKey =
  "contact" | "singlePane" | "newsletter" | "support" | "press" | "partners" | "roi" | "risk";

export type LeadsEnv = {
  /** Folder of the durable outbox; every accepted lead is written here before the answer. */
  outboxDir: string;
  /** Origins allowed to post forms besides the request's own (the canonical site, previews). */
  allowedOrigins: string[];
  /** HubSpot webinar form GUIDs a webinar page may name; anything else is refused. */
  webinarFormIds: string[] | null;
  hubspot: {
    /** Forms API base, e.g. https://api.hsforms.com; tests point it at a fake. */
    apiUrl: string;
    /** Null: HubSpot is not configured and leads stay in the outbox (`npm run leads`). */
    portalId: string | null;
    /** Private-app token: when set, the authenticated submit endpoint is used. */
    token: string | null;
    timeoutMs: number;
    forms: Record<HubspotFormKey, string | null>;
    /** HubSpot's CRM API base (form definitions for `npm run leads -- --check`); tests use a fake. */
    crmApiUrl: string;
    /** HUBSPOT_FIELD_MAP: per form, our key → HubSpot property (null: not sent). */
    fieldMap: Partial<Record<HubspotFormKey | "webinar", Record<string, string | null>>>;
  };
  /** PostgreSQL connection string; when set it is the lead store (shared by every instance). */
  databaseUrl: string | null;
  delivery: DeliveryEnv;
};

export type DeliveryEnv = {
  /** Abuse limits per client IP and endpoint; 0 turns a window off. */
  perMinute: number;
  perHour: number;
  /** Outbound requests to HubSpot per 10 s, across every worker and request. */
  outboundPer10s: number;
  /** How often the local server's worker looks for due leads; 0: no timer. */
  workerIntervalMs: number;
  /** How long a claim holds a lead: longer than any one send (HubSpot's timeout). */
  leaseMs: number;
  /** Slack-compatible webhook told once about each lead that ends `failed`. */
  alertWebhookUrl: string | null;
  /** Vercel sends it as a bearer token on cron calls; anything else may not start the worker. */
  cronSecret: string | null;
  /** Connections each instance may open to PostgreSQL (small for functions, larger for a server). */
  poolSize: number;
};

function readCount(source: EnvSource, name: string, fallback: number, max: number): number {
  const raw = read(source, name);
  const value = raw === null ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new Error(`${name} must be an integer from 0 to ${max}, got "${raw}".`);
  }
  return value;
}

function readDelivery(source: EnvSource, timeoutMs: number): DeliveryEnv {
  const webhook = read(source, "LEADS_ALERT_WEBHOOK_URL");
  return {
    perMinute: readCount(source, "LEADS_LIMIT_PER_MINUTE", 5, 1_000_000),
    perHour: readCount(source, "LEADS_LIMIT_PER_HOUR", 20, 1_000_000),
    outboundPer10s: Math.max(1, readCount(source, "HUBSPOT_MAX_PER_10S", 40, 1_000_000)),
    workerIntervalMs: readCount(source, "LEADS_WORKER_INTERVAL_MS", 10_000, 3_600_000),
    leaseMs: readCount(
      source,
      "LEADS_LEASE_MS",
      Math.max(60_000, 2 * timeoutMs + 10_000),
      3_600_000,
    ),
    alertWebhookUrl: webhook === null ? null : readHttpUrl(source, "LEADS_ALERT_WEBHOOK_URL", ""),
    cronSecret: read(source, "CRON_SECRET"),
    poolSize: Math.max(1, readCount(source, "LEADS_DB_POOL_SIZE", 5, 100)),
  };
}

const DEFAULT_HUBSPOT_API_URL = "https://api.hsforms.com";
const DEFAULT_OUTBOX_DIR = ".outbox/leads";
const FORM_GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readFormGuid(source: EnvSource, name: string): string | null {
  const raw = read(source, name);
  if (raw === null) return null;
  if (!FORM_GUID.test(raw)) throw new Error(`${name} must be a HubSpot form GUID, got "${raw}".`);
  return raw.toLowerCase();
}

function readOrigins(source: EnvSource): string[] {
  const listed = (read(source, "ALLOWED_ORIGINS") ?? "").split(",").map((item) => item.trim());
  const siteUrl =
    read(source, "SITE_URL") ?? read(source, "GATSBY_SITE_URL") ?? "https://fingerprint.com";
  return [siteUrl, ...listed]
    .filter((item) => item !== "")
    .map((item) => {
      try {
        return new URL(item).origin;
      } catch {
        throw new Error(`ALLOWED_ORIGINS and SITE_URL must be absolute URLs, got "${item}".`);
      }
    });
}

/** Configuration of the lead functions (POST /api/hubspot/ and friends), read per request. */
export function readLeadsEnv(source: EnvSource = process.env): LeadsEnv {
  const portalId = read(source, "HUBSPOT_PORTAL_ID");
  if (portalId !== null && !/^\d{1,12}$/.test(portalId)) {
    throw new Error(`HUBSPOT_PORTAL_ID must be the numeric account id, got "${portalId}".`);
  }
  const rawTimeout = read(source, "HUBSPOT_TIMEOUT_MS");
  const timeoutMs = rawTimeout === null ? 8000 : Number(rawTimeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 50 || timeoutMs > 30000) {
    throw new Error(`HUBSPOT_TIMEOUT_MS must be an integer from 50 to 30000, got "${rawTimeout}".`);
  }
  const webinarList = read(source, "HUBSPOT_WEBINAR_FORM_IDS");
  const databaseUrl = read(source, "DATABASE_URL");
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error("DATABASE_URL must be a postgres:// or postgresql:// connection string.");
  }
  return {
    databaseUrl,
    delivery: readDelivery(source, timeoutMs),
    outboxDir: path.resolve(read(source, "LEADS_OUTBOX_DIR") ?? DEFAULT_OUTBOX_DIR),
    allowedOrigins: readOrigins(source),
    webinarFormIds:
      webinarList === null
        ? null
        : webinarList
            .split(",")
            .map((item) => item.trim().toLowerCase())
            .filter((item) => FORM_GUID.test(item)),
    hubspot: {
      apiUrl: readHttpUrl(source, "HUBSPOT_API_URL", DEFAULT_HUBSPOT_API_URL),
      portalId,
      token: read(source, "HUBSPOT_TOKEN"),
      timeoutMs,
      fieldMap: parseFieldMap(read(source, "HUBSPOT_FIELD_MAP")),
      crmApiUrl: readHttpUrl(source, "HUBSPOT_CRM_API_URL", "https://api.hubapi.com"),
      forms: {
        contact: readFormGuid(source, "HUBSPOT_FORM_CONTACT"),
        singlePane: readFormGuid(source, "HUBSPOT_FORM_SINGLE_PANE"),
        newsletter: readFormGuid(source, "HUBSPOT_FORM_NEWSLETTER"),
        support: readFormGuid(source, "HUBSPOT_FORM_SUPPORT"),
        press: readFormGuid(source, "HUBSPOT_FORM_PRESS"),
        partners: readFormGuid(source, "HUBSPOT_FORM_PARTNERS"),
        roi: readFormGuid(source, "HUBSPOT_FORM_ROI"),
        risk: readFormGuid(source, "HUBSPOT_FORM_RISK"),
      },
    },
  };
}

export type AmplitudeEnv = {
  /** Project API key, held by the server for exposures; null: /amp-exp/ is not configured. */
  apiKey: string | null;
  /** HTTP V2 API base, e.g. https://api2.amplitude.com; tests point it at a fake. */
  apiUrl: string;
  timeoutMs: number;
};

/** Configuration of POST /amp-exp/ (experiment exposures forwarded to Amplitude). */
export function readAmplitudeEnv(source: EnvSource = process.env): AmplitudeEnv {
  const apiKey = read(source, "AMPLITUDE_API_KEY");
  if (apiKey !== null && !/^[A-Za-z0-9]{8,64}$/.test(apiKey)) {
    throw new Error("AMPLITUDE_API_KEY must be the project's API key (letters and digits).");
  }
  const rawTimeout = read(source, "AMPLITUDE_TIMEOUT_MS");
  const timeoutMs = rawTimeout === null ? 5000 : Number(rawTimeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 50 || timeoutMs > 30000) {
    throw new Error(
      `AMPLITUDE_TIMEOUT_MS must be an integer from 50 to 30000, got "${rawTimeout}".`,
    );
  }
  return {
    apiKey,
    apiUrl: readHttpUrl(source, "AMPLITUDE_API_URL", "https://api2.amplitude.com"),
    timeoutMs,
  };
}

export type FingerprintEnv = {
  /** Server API secret key; null: the events and visits functions are not configured. */
  secretKey: string | null;
  /** Server API base (https://api.fpjs.io, eu.api.fpjs.io, ap.api.fpjs.io); tests point it at a fake. */
  apiUrl: string;
  timeoutMs: number;
};

/**
 * Configuration of the events and visits functions: Fingerprint Server API v4, since the v3 events
 * shape is being retired (docs/contracts/fingerprint.md).
 */
export function readFingerprintEnv(source: EnvSource = process.env): FingerprintEnv {
  const secretKey = read(source, "FPJS_SECRET_API_KEY");
  if (secretKey !== null && !/^[A-Za-z0-9_-]{8,128}$/.test(secretKey)) {
    throw new Error("FPJS_SECRET_API_KEY must be the workspace's secret API key.");
  }
  const rawTimeout = read(source, "FPJS_TIMEOUT_MS");
  const timeoutMs = rawTimeout === null ? 5000 : Number(rawTimeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 50 || timeoutMs > 30000) {
    throw new Error(`FPJS_TIMEOUT_MS must be an integer from 50 to 30000, got "${rawTimeout}".`);
  }
  return {
    secretKey,
    apiUrl: readHttpUrl(source, "FPJS_SERVER_API_URL", "https://api.fpjs.io"),
    timeoutMs,
  };
}

export type GeoEnv = {
  /**
   * Whether GET /api/get-country may read the `x-country` request header. Any browser can set it,
   * so it is for the local browser tests only (docs/contracts/geo.md); never set it in production.
   */
  trustTestHeader: boolean;
};

/** Configuration of GET /api/get-country, read per request like the rest. */
export function readGeoEnv(source: EnvSource = process.env): GeoEnv {
  const raw = read(source, "TRUST_TEST_GEO_HEADER");
  return { trustTestHeader: raw !== null && /^(1|true|yes|on)$/i.test(raw) };
}

export type FingerprintRegion = "us" | "eu" | "ap";

export type FingerprintProxyEnv = {
  /** Fingerprint's agent CDN, e.g. https://fpnpmcdn.net; tests point it at a fake. */
  cdnUrl: string;
  /** Identification (ingestion) API per region; tests point them at a fake. */
  ingressUrls: Record<FingerprintRegion, string>;
  /** Pre-shared proxy secret from the dashboard; null sends no FPJS-Proxy-* headers. */
  proxySecret: string | null;
  /** Vercel sets x-real-ip and x-forwarded-for itself, so there they name the visitor first. */
  onVercel: boolean;
  timeoutMs: number;
};

/** Configuration of the first-party proxy (GET /fp/agent, POST /fp/result). */
export function readFingerprintProxyEnv(source: EnvSource = process.env): FingerprintProxyEnv {
  const proxySecret = read(source, "FPJS_PROXY_SECRET");
  if (proxySecret !== null && !/^[\x21-\x7e]{8,256}$/.test(proxySecret)) {
    throw new Error("FPJS_PROXY_SECRET must be the proxy secret from the Fingerprint dashboard.");
  }
  const rawTimeout = read(source, "FPJS_PROXY_TIMEOUT_MS");
  const timeoutMs = rawTimeout === null ? 10000 : Number(rawTimeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 50 || timeoutMs > 30000) {
    throw new Error(
      `FPJS_PROXY_TIMEOUT_MS must be an integer from 50 to 30000, got "${rawTimeout}".`,
    );
  }
  return {
    cdnUrl: readHttpUrl(source, "FPJS_CDN_URL", "https://fpnpmcdn.net"),
    ingressUrls: {
      us: readHttpUrl(source, "FPJS_INGRESS_URL_US", "https://api.fpjs.io"),
      eu: readHttpUrl(source, "FPJS_INGRESS_URL_EU", "https://eu.api.fpjs.io"),
      ap: readHttpUrl(source, "FPJS_INGRESS_URL_AP", "https://ap.api.fpjs.io"),
    },
    proxySecret,
    onVercel: read(source, "VERCEL") !== null,
    timeoutMs,
  };
}
