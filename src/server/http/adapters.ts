// What Netlify's and Vercel's entry points share: turning each platform's call into a table lookup.
import { netlifyClientAddress, vercelClientAddress } from "./clientAddress";
import { functionNamed, runFunction } from "../functions";
import { netlifyDeliverLater, vercelDeliverLater, type VercelContext } from "../leads/workerRunner";

export type { VercelContext };
import { countryCode, countryFromNetlifyGeo } from "../integrations/geo";
import { withoutBodyForHead, type PlatformContext } from "./responses";

/**
 * The part of Netlify's Functions 2.0 `Context` we read, declared here so the site does not depend
 * on @netlify/functions for one field.
 */
export type NetlifyContext = {
  geo?: { country?: { code?: string } };
  ip?: string;
  /** Keeps the invocation alive until the work settles (Functions 2.0). */
  waitUntil?: (work: Promise<unknown>) => void;
};

/**
 * What Netlify vouches for: its context's geo and ip, else the x-nf-geo and x-nf-client-connection-ip
 * headers its edge writes over whatever a client sent (never X-Forwarded-For).
 */
export function netlifyPlatform(
  context: NetlifyContext | undefined,
  request?: Request,
): PlatformContext {
  return {
    country:
      countryCode(context?.geo?.country?.code) ??
      countryFromNetlifyGeo(request?.headers.get("x-nf-geo") ?? null),
    clientIp: netlifyClientAddress(context?.ip, request?.headers ?? new Headers()),
  };
}

/** What Vercel vouches for: its proxy replaces x-real-ip and x-vercel-ip-country on every request. */
export function vercelPlatform(request: Request): PlatformContext {
  return {
    country: countryCode(request.headers.get("x-vercel-ip-country")),
    clientIp: vercelClientAddress(request),
  };
}

/** Runs the named function for Netlify, with the country Netlify's edge resolved. */
export async function runOnNetlify(
  name: string,
  request: Request,
  context?: NetlifyContext,
): Promise<Response> {
  // A refused HEAD (405) still carries no body.
  const platform = {
    ...netlifyPlatform(context, request),
    deliverLater: netlifyDeliverLater(request, context?.waitUntil?.bind(context)),
  };
  return withoutBodyForHead(request, await runFunction(functionNamed(name), request, platform));
}

/**
 * Runs the named function for Vercel, whose geolocation arrives as request headers only; `context` is
 * the second argument Vercel gives a Web handler (its waitUntil keeps lead delivery going).
 */
export async function runOnVercel(
  name: string,
  request: Request,
  context?: VercelContext,
): Promise<Response> {
  const platform = {
    ...vercelPlatform(request),
    deliverLater: vercelDeliverLater(request, context),
  };
  return withoutBodyForHead(request, await runFunction(functionNamed(name), request, platform));
}
