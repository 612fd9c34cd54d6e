/**
 * One way to call an outside service from a function: a deadline over the whole exchange (request and body),
 * one rule for what counts as a timeout, and one mapping of failures to our 502/504 answers.
 */
import { errorResponse } from "./http";

/** timeout: our deadline passed; unreachable: no answer (refused, reset, DNS); aborted: the caller gave up. */
export type UpstreamFailureKind = "timeout" | "unreachable" | "aborted";

export class UpstreamFailure extends Error {
  constructor(
    readonly kind: UpstreamFailureKind,
    readonly service: string,
    detail: string,
  ) {
    super(`${service}: ${kind} (${detail})`);
    this.name = "UpstreamFailure";
  }
}

export interface UpstreamCall<T> extends Omit<RequestInit, "signal"> {
  /** Names the service in logs and errors ("Amplitude", "Greenhouse"...). */
  service: string;
  /** The deadline for the answer and its body together. */
  timeoutMs: number;
  /** The caller's own signal (a client that went away); its abort is not a timeout. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Reads what the caller needs from the answer, inside the deadline; errors it throws pass through. */
  read?: (response: Response) => Promise<T>;
}

const detailOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Calls `url` and returns what `read` makes of the answer (the Response itself by default). Throws an
 * UpstreamFailure when there is no usable answer: "timeout" whenever our deadline fired, whatever name
 * the runtime gave the error (TimeoutError from fetch, AbortError or a cut stream from the body);
 * "aborted" when only the caller's signal fired; "unreachable" for network errors, a reset mid-body
 * included. Errors thrown by `read` itself (a refused status, a malformed body) reach the caller as they are.
 */
export async function fetchUpstream<T = Response>(url: string, call: UpstreamCall<T>): Promise<T> {
  const {
    service,
    timeoutMs,
    signal: callerSignal,
    fetch: fetchImpl = fetch,
    read,
    ...init
  } = call;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([deadline, callerSignal]) : deadline;
  let stage: "request" | "read" = "request";
  try {
    const response = await fetchImpl(url, { ...init, signal });
    stage = "read";
    return read ? await read(response) : (response as T);
  } catch (error) {
    if (deadline.aborted) throw new UpstreamFailure("timeout", service, detailOf(error));
    if (callerSignal?.aborted) throw new UpstreamFailure("aborted", service, detailOf(error));
    const isNetworkError =
      error instanceof TypeError || (error instanceof Error && error.name === "AbortError");
    if (stage === "request" || isNetworkError)
      throw new UpstreamFailure("unreachable", service, detailOf(error));
    throw error;
  }
}

/** For `response.json().catch(notJson)`: a body that is not JSON reads as null; a cut or late body still fails. */
export function notJson(error: unknown): null {
  if (error instanceof SyntaxError) return null;
  throw error;
}

/** Our answer to a browser when an upstream failed: 504 for a timeout, 502 otherwise, with the service's words. */
export function upstreamFailureResponse(
  failure: UpstreamFailure,
  words: { timeout: string; unreachable: string },
): Response {
  return failure.kind === "timeout"
    ? errorResponse(504, "upstream_timeout", words.timeout)
    : errorResponse(502, "upstream_unavailable", words.unreachable);
}
