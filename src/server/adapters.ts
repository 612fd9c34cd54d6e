// What Netlify's and Vercel's entry points share: turning each platform's call into a table lookup.
import { functionNamed, runFunction } from "./functions";
import { withoutBodyForHead, type PlatformContext } from "./http";

/**
 * The part of Netlify's Functions 2.0 `Context` we read, declared here so the site does not depend
 * on @netlify/functions for one field.
 */
export type NetlifyContext = { geo?: { country?: { code?: string } } };

export function netlifyPlatform(context: NetlifyContext | undefined): PlatformContext {
  return { country: context?.geo?.country?.code ?? null };
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
    await runFunction(functionNamed(name), request, netlifyPlatform(context)),
  );
}

/** Runs the named function for Vercel, whose geolocation arrives as request headers only. */
export async function runOnVercel(name: string, request: Request): Promise<Response> {
  return withoutBodyForHead(request, await runFunction(functionNamed(name), request, undefined));
}
