/**
 * Public identification settings (Fingerprint Pro), read at build time. With no public
 * API key, identification is off; the secret key lives only in server code (src/server/env.ts).
 */

type PublicSource = Readonly<Record<string, string | undefined>>;

export type Region = "us" | "eu" | "ap";

export type IdentificationConfig = {
  /** Public API key; null switches identification off. */
  apiKey: string | null;
  region: Region;
  /** Where the agent script is fetched: a path on the site's own host (proxy integration). */
  scriptUrlPattern: string;
  /** Where identification requests go: also under the site's own host. */
  endpoint: string;
  /** True: bot results come from the site's own events function; false: from `eventsApiUrl`. */
  proxy: boolean;
  /** Path of the site's events function ({version}/), asked with the serverless-function header. */
  eventsPath: string;
  /**
   * Direct mode: base URL of an events API that answers GET /events/{requestId}. The default, `/fp`,
   * is the site's own function (GET /fp/events/{requestId}); Fingerprint's Server API itself would
   * need the secret key in the browser, so it is not a supported value.
   */
  eventsApiUrl: string;
  /** Fixed visits path; null means a random 4-character path routed by header. */
  visitsPath: string | null;
  /** agent.get timeout. */
  timeoutMs: number;
  /** Cache lifetime of a result, at most 86400 s. */
  cacheSeconds: number;
  /** Test builds only: a loopback fake that stands in for the agent (customAgent). */
  testAgentUrl: string | null;
};

export const MAX_CACHE_SECONDS = 86400;
export const DEFAULT_CACHE_SECONDS = 3600;
export const IDENTIFICATION_TIMEOUT_MS = 20000;
const REGIONS: readonly Region[] = ["us", "eu", "ap"];
/** Direct mode's default events base: the site's own GET /fp/events/{requestId} function. */
export const DEFAULT_EVENTS_API_URL = "/fp";

const PUBLIC_KEY = /^[A-Za-z0-9]{8,64}$/;

function read(source: PublicSource, name: string): string | null {
  const value = source[name]?.trim();
  return value ? value : null;
}

/** 3600 by default; anything above a day is capped at a day (the SDK refuses more). */
export function clampCacheSeconds(value: string | number | null): number {
  const seconds = typeof value === "number" ? value : value === null ? NaN : Number(value);
  if (!Number.isFinite(seconds) || seconds < 0) return DEFAULT_CACHE_SECONDS;
  return Math.min(Math.floor(seconds), MAX_CACHE_SECONDS);
}

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
const ALPHANUMERIC = LOWER + UPPER + DIGITS;

/**
 * Whether a 4-character segment can serve as the visits path: Vercel serves a static page before
 * it applies a header-routed rewrite, so the segment must never be a page's. Every path the site
 * serves is lower case and no 4-character first segment holds a digit (tests/unit/config), so an
 * upper-case letter and a digit rule them all out, even on a case-insensitive host.
 */
export function isSafeVisitsSegment(segment: string): boolean {
  return /^[A-Za-z0-9]{4}$/.test(segment) && /[A-Z]/.test(segment) && /[0-9]/.test(segment);
}

/**
 * A random 4-character path for the visits call, e.g. "/k3Qa/": letters and digits only, always with
 * at least one upper-case letter and one digit (see isSafeVisitsSegment).
 */
export function randomVisitsPath(random: () => number = Math.random): string {
  const pick = (alphabet: string) =>
    alphabet.charAt(Math.min(alphabet.length - 1, Math.floor(random() * alphabet.length)));
  const chars = Array.from({ length: 4 }, () => pick(ALPHANUMERIC));
  // Two distinct positions get the upper-case letter and the digit.
  const upperAt = Math.min(3, Math.floor(random() * 4));
  const digitAt = (upperAt + 1 + Math.min(2, Math.floor(random() * 3))) % 4;
  chars[upperAt] = pick(UPPER);
  chars[digitAt] = pick(DIGITS);
  return `/${chars.join("")}/`;
}

export function readIdentificationConfig(source: PublicSource): IdentificationConfig {
  const apiKey = read(source, "GATSBY_FPJS_PUBLIC_API_KEY");
  if (apiKey !== null && !PUBLIC_KEY.test(apiKey)) {
    throw new Error(`GATSBY_FPJS_PUBLIC_API_KEY must be letters and digits, got "${apiKey}".`);
  }
  const regionValue = (read(source, "GATSBY_FPJS_REGION") ?? "us").toLowerCase();
  if (!(REGIONS as readonly string[]).includes(regionValue)) {
    throw new Error(`GATSBY_FPJS_REGION must be us, eu or ap, got "${regionValue}".`);
  }
  const region = regionValue as Region;
  const proxyValue = read(source, "GATSBY_FPJS_PROXY");
  return {
    apiKey,
    region,
    scriptUrlPattern:
      read(source, "GATSBY_FPJS_SCRIPT_URL_PATTERN") ??
      "/fp/agent?apiKey=<apiKey>&version=<version>&loaderVersion=<loaderVersion>",
    endpoint: read(source, "GATSBY_FPJS_ENDPOINT") ?? `/fp/result?region=${region}`,
    proxy: proxyValue === null || !/^(0|false|off|no)$/i.test(proxyValue),
    eventsPath: "/fp/v4/",
    eventsApiUrl: (read(source, "GATSBY_FPJS_EVENTS_API_URL") ?? DEFAULT_EVENTS_API_URL).replace(
      /\/+$/,
      "",
    ),
    visitsPath: read(source, "GATSBY_FPJS_VISITS_PATH"),
    timeoutMs: IDENTIFICATION_TIMEOUT_MS,
    cacheSeconds: clampCacheSeconds(read(source, "GATSBY_FPJS_CACHE_SECONDS")),
    testAgentUrl: read(source, "GATSBY_FPJS_TEST_AGENT_URL"),
  };
}

// Gatsby inlines process.env.GATSBY_* into the bundle only when each is written out literally.
const configured = readIdentificationConfig({
  GATSBY_FPJS_PUBLIC_API_KEY: process.env.GATSBY_FPJS_PUBLIC_API_KEY,
  GATSBY_FPJS_REGION: process.env.GATSBY_FPJS_REGION,
  GATSBY_FPJS_SCRIPT_URL_PATTERN: process.env.GATSBY_FPJS_SCRIPT_URL_PATTERN,
  GATSBY_FPJS_ENDPOINT: process.env.GATSBY_FPJS_ENDPOINT,
  GATSBY_FPJS_PROXY: process.env.GATSBY_FPJS_PROXY,
  GATSBY_FPJS_EVENTS_API_URL: process.env.GATSBY_FPJS_EVENTS_API_URL,
  GATSBY_FPJS_VISITS_PATH: process.env.GATSBY_FPJS_VISITS_PATH,
  GATSBY_FPJS_CACHE_SECONDS: process.env.GATSBY_FPJS_CACHE_SECONDS,
  GATSBY_FPJS_TEST_AGENT_URL: process.env.GATSBY_FPJS_TEST_AGENT_URL,
});

export const identificationConfig: IdentificationConfig & { visitsPath: string } = {
  ...configured,
  // Without a fixed path the site picks its random one here, once per page load, so it is always a
  // path no page can have (see isSafeVisitsSegment).
  visitsPath: configured.visitsPath ?? randomVisitsPath(),
};
