/**
 * One way to call an outside service from a function: a deadline, the caller's abort signal, and a
 * typed outcome saying which of four things happened (an answer, our timeout, the caller's abort, or
 * no answer at all), with one mapping of failures onto our 502/504 answers.
 */
import { errorResponse } from "../http/responses";

/** timeout: a deadline passed; aborted: the caller gave up; unreachable: refused, reset, DNS. */
export type UpstreamFailureKind = "timeout" | "aborted" | "unreachable";

export type UpstreamFailure = { kind: UpstreamFailureKind; service: string; detail: string };

/** An HTTP answer (any status) and what `read` made of it, or the failure. */
export type UpstreamOutcome<T> = { kind: "answer"; response: Response; value: T } | UpstreamFailure;

export interface UpstreamCall<T> extends Omit<RequestInit, "signal"> {
  /** Names the service in logs ("Amplitude", "Greenhouse"...). */
  service: string;
  /**
   * The deadline. It always bounds the request; it bounds the body only as far as `read` reads it
   * (a body read after the call still ends when the deadline fires, but the caller decides what that means).
   */
  timeoutMs: number;
  /** The caller's own signal (a client that went away); its abort is not a timeout. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Reads what the caller needs from the answer, inside the deadline; errors it throws pass through. */
  read?: (response: Response) => Promise<T>;
}

const detailOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

const nameOf = (error: unknown) => (error as { name?: unknown } | null)?.name;

/**
 * Calls `url` and never throws for a failed exchange. What counts as what, everywhere:
 * - timeout: our deadline fired (whatever name the runtime gave the error: TimeoutError from fetch,
 *   AbortError or a cut stream from the body), or the error is itself a TimeoutError (a deadline
 *   further down, e.g. in an injected fetch);
 * - aborted: only the caller's signal fired;
 * - unreachable: any other error from fetch (refused, reset, DNS, a stray AbortError), and network
 *   errors (TypeError, AbortError) while `read` reads the body;
 * - answer: an HTTP status came back, whatever it is.
 * Errors `read` throws for its own reasons (a refused status, a malformed body) reach the caller as they are.
 */
export async function fetchUpstream<T = undefined>(
  url: string,
  call: UpstreamCall<T>,
): Promise<UpstreamOutcome<T>> {
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
  const failure = (kind: UpstreamFailureKind, error: unknown): UpstreamFailure => ({
    kind,
    service,
    detail: detailOf(error),
  });
  const classify = (error: unknown): UpstreamFailureKind => {
    if (deadline.aborted || nameOf(error) === "TimeoutError") return "timeout";
    if (callerSignal?.aborted) return "aborted";
    return "unreachable";
  };
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal });
  } catch (error) {
    return failure(classify(error), error);
  }
  if (!read) return { kind: "answer", response, value: undefined as T };
  try {
    return { kind: "answer", response, value: await read(response) };
  } catch (error) {
    const network = error instanceof TypeError || nameOf(error) === "AbortError";
    if (network || deadline.aborted || callerSignal?.aborted || nameOf(error) === "TimeoutError")
      return failure(classify(error), error);
    throw error;
  }
}

/** For `response.json().catch(notJson)`: a body that is not JSON reads as null; a cut or late body still fails. */
export function notJson(error: unknown): null {
  if (error instanceof SyntaxError) return null;
  throw error;
}

/** A log line for a failure: "Amplitude timed out", "Greenhouse unreachable (TypeError: fetch failed)". */
export function describeFailure(failure: UpstreamFailure): string {
  const what = {
    timeout: "timed out",
    aborted: "aborted by the caller",
    unreachable: "unreachable",
  };
  return `${failure.service} ${what[failure.kind]} (${failure.detail})`;
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
