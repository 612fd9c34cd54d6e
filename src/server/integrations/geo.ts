// GET /api/get-country: the visitor's ISO 3166-1 alpha-2 country as the hosting edge reports it.
import { readGeoEnv, type GeoEnv } from "../env";
import {
  json,
  methodNotAllowed,
  withoutBodyForHead,
  type Handler,
  type PlatformContext,
} from "../http/responses";

export const GET_COUNTRY_METHODS = ["GET", "HEAD"] as const;

const COUNTRY_CODE = /^[A-Z]{2}$/;
/** A real x-nf-geo header is a few hundred bytes; refusing more bounds the work a client can cause. */
const MAX_GEO_HEADER_LENGTH = 4096;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The value if it is an upper-case two-letter code, else null: anything else means "unknown". */
export function countryCode(value: unknown): string | null {
  return typeof value === "string" && COUNTRY_CODE.test(value) ? value : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function countryOfGeo(geo: unknown): string | null {
  if (typeof geo !== "object" || geo === null || !("country" in geo)) return null;
  const country: unknown = geo.country;
  if (typeof country !== "object" || country === null || !("code" in country)) return null;
  return countryCode(country.code);
}

/**
 * Netlify sends x-nf-geo as base64-encoded JSON; some setups pass it as plain JSON, so both are
 * tried. Buffer's base64 decoder skips invalid characters silently, hence the explicit pattern.
 */
export function countryFromNetlifyGeo(header: string | null): string | null {
  if (!header || header.length > MAX_GEO_HEADER_LENGTH) return null;
  const value = header.trim();
  if (BASE64.test(value)) {
    const fromBase64 = countryOfGeo(parseJson(Buffer.from(value, "base64").toString("utf8")));
    if (fromBase64) return fromBase64;
  }
  return countryOfGeo(parseJson(value));
}

export type ResolveOptions = {
  /** Read the browser-settable `x-country` header (local browser tests only, TRUST_TEST_GEO_HEADER). */
  trustTestHeader?: boolean;
};

/**
 * The country the host vouches for (src/server/http/adapters.ts reads Netlify's and Vercel's own values;
 * the local server has GEO_COUNTRY). Request headers are never read here: on a Node host
 * x-vercel-ip-country or x-nf-geo is whatever the client wrote. `x-country` comes last and only when
 * the test switch allows it: any browser can send it, so in production it would let a visitor in the
 * EU skip the consent banner.
 */
export function resolveCountry(
  request: Request,
  platform?: PlatformContext,
  options: ResolveOptions = {},
): string | null {
  return (
    countryCode(platform?.country) ??
    (options.trustTestHeader ? countryCode(request.headers.get("x-country")) : null)
  );
}

type Deps = { env?: () => GeoEnv };

export function createGetCountry(deps: Deps = {}): Handler {
  return async (request, platform) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return methodNotAllowed(GET_COUNTRY_METHODS);
    }
    // Read per request, so the switch follows the environment without a restart.
    const { trustTestHeader } = (deps.env ?? readGeoEnv)();
    // An unknown country is an answer, not an error: the browser falls back to its default region.
    const response = json(
      { country: resolveCountry(request, platform, { trustTestHeader }) },
      // A shared cache would hand every visitor the first caller's country.
      { status: 200, headers: { "cache-control": "no-store" } },
    );
    return withoutBodyForHead(request, response);
  };
}

export const getCountry: Handler = createGetCountry();
