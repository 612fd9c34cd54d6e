// What Netlify's and Vercel's entry points share: turning each platform's call into a table lookup.
import { functionNamed, runFunction } from "./functions";
import type { PlatformContext } from "./http";

/**
 * The part of Netlify's Functions 2.0 `Context` we read, declared here so the site does not depend
 * on @netlify/functions for one field.
 */
export type NetlifyContext = { geo?: { country?: { code?: string } } };

export function netlifyPlatform(context: NetlifyContext | undefined): PlatformContext {
  return { country: context?.geo?.country?.code ?? null };
}

/** Runs the named function for Netlify, with the country Netlify's edge resolved. */
export function runOnNetlify(
  name: string,
  request: Request,
  context?: NetlifyContext,
): Promise<Response> {
  return runFunction(functionNamed(name), request, netlifyPlatform(context));
}

/** Runs the named function for Vercel, whose geolocation arrives as request headers only. */
export function runOnVercel(name: string, request: Request): Promise<Response> {
  return runFunction(functionNamed(name), request, undefined);
}
