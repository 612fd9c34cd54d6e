// What Netlify's and Vercel's entry points share: turning each platform's call into a table lookup.
import { functionNamed, runFunction } from "./functions";
import { withoutBodyForHead, type PlatformContext } from "./http";

/**
 * The part of Netlify's Functions 2.0 `Context` we read, declared here so the site does not depend
 * on @netlify/functions for one field.
 */
export type NetlifyContext = { geo?: { country?: { code?: string } }; ip?: string };

/**
 * Netlify's edge overwrites x-nf-client-connection-ip with the connecting address, and its context
 * carries the same value as `ip`; either is the platform's word, unlike X-Forwarded-For.
 */
export function netlifyPlatform(
  context: NetlifyContext | undefined,
  request?: Request,
): PlatformContext {
  return {
    country: context?.geo?.country?.code ?? null,
    clientIp: context?.ip ?? request?.headers.get("x-nf-client-connection-ip") ?? null,
  };
}

/** Vercel's proxy sets x-real-ip to the address that connected to it, replacing any the client sent. */
export function vercelPlatform(request: Request): PlatformContext {
  return { clientIp: request.headers.get("x-real-ip") };
}

/** Runs the named function for Netlify, with the country Netlify's edge resolved. */
export async function runOnNetlify(
  name: string,
  request: Request,
  context?: NetlifyContext,
): Promise<Response> {
  // A refused HEAD (405) still carries no body.
  return withoutBodyForHead(
    request,
    await runFunction(functionNamed(name), request, netlifyPlatform(context, request)),
  );
}

/** Runs the named function for Vercel, whose geolocation arrives as request headers only. */
export async function runOnVercel(name: string, request: Request): Promise<Response> {
  return withoutBodyForHead(
    request,
    await runFunction(functionNamed(name), request, vercelPlatform(request)),
  );
}
