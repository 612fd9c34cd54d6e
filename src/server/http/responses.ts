// HTTP vocabulary shared by every server handler: the handler signature and JSON/error response helpers.

/** What the hosting platform knows about a request beyond its headers (e.g. Netlify's context.geo). */
export type PlatformContext = {
  country?: string | null;
  /**
   * The visitor's address as the platform itself saw it (Netlify's context.ip, Vercel's x-real-ip,
   * the socket locally): never a header a client could set on its own.
   */
  clientIp?: string | null;
  /**
   * Asks the host to deliver pending leads soon, in work it keeps alive after the response (the local
   * server's worker loop, Vercel's waitUntil, Netlify's background function); absent: the schedule does.
   */
  deliverLater?: () => void;
};

/** A platform-neutral function: the local server, Netlify and Vercel all call it the same way. */
export type Handler = (request: Request, platform?: PlatformContext) => Promise<Response>;

/** Field name → human-readable problem, for 4xx answers to form posts. */
export type FieldErrors = Record<string, string>;

export type ErrorBody = { error: { code: string; message: string; fields?: FieldErrors } };

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** A JSON response; callers may override status and headers, but Content-Type defaults to JSON. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", JSON_CONTENT_TYPE);
  return new Response(JSON.stringify(body), { ...init, headers });
}

/**
 * The one error shape every function answers with. Only the code and message given here reach the
 * client: callers pass fixed strings, never an exception's text, so nothing internal leaks.
 */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  fields?: FieldErrors,
  init: ResponseInit = {},
): Response {
  const body: ErrorBody = { error: fields ? { code, message, fields } : { code, message } };
  const headers = new Headers(init.headers);
  // An error is about this request only; a cache must never replay it to someone else.
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return json(body, { ...init, status, headers });
}

/** 405 with the Allow header RFC 9110 requires. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return errorResponse(405, "method_not_allowed", `Use ${allowed.join(" or ")}.`, undefined, {
    headers: { allow: allowed.join(", ") },
  });
}

/** The generic 500 body for API callers: deliberately says nothing about what failed. */
export function internalError(): Response {
  return errorResponse(
    500,
    "internal",
    "Something went wrong on our side. Please try again later.",
  );
}

/** HEAD must carry the same headers as GET but no body (RFC 9110 §9.3.2). */
export function withoutBodyForHead(request: Request, response: Response): Response {
  if (request.method !== "HEAD" || response.body === null) return response;
  return new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
