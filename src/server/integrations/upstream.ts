/**
 * One way to call an outside service from a function: a deadline, the caller's abort signal, no
 * redirects, and a typed outcome saying which of five things happened (an answer, our timeout, the
 * caller's abort, a redirect we refused, or no answer at all), with one mapping of failures onto our
 * 502/504 answers.
 */
import { errorResponse } from "../http/responses";

/**
 * timeout: a deadline passed; aborted: the caller gave up; unreachable: refused, reset, DNS;
 * redirected: the service (or something between) answered 3xx, which is never followed.
 */
export type UpstreamFailureKind = "timeout" | "aborted" | "unreachable" | "redirected";

export type UpstreamFailure = { kind: UpstreamFailureKind; service: string; detail: string };

/** An HTTP answer (any status) and what `read` made of it, or the failure. */
export type UpstreamOutcome<T> = { kind: "answer"; response: Response; value: T } | UpstreamFailure;

/**
 * `redirect` is not the caller's to choose: following one would send our key, a visitor's e-mail or a
 * request body to wherever the Location points, and believe whatever answers there.
 */
export interface UpstreamCall<T> extends Omit<RequestInit, "signal" | "redirect"> {
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

/** Node's fetch hands a manual redirect back as it came; a browser's fetch as an opaque one. */
const isRedirect = (response: Response) =>
  response.type === "opaqueredirect" ||
  (response.status >= 300 && response.status < 400 && response.status !== 304);

/** For the log: the status and where it pointed (its origin only: a path or query may carry anything). */
function redirectDetail(response: Response): string {
  const location = response.headers.get("location");
  const target = location && URL.canParse(location) ? new URL(location).origin : null;
  return `HTTP ${response.status}${target ? ` to ${target}` : ""}`;
}

/**
 * Calls `url` and never throws for a failed exchange. What counts as what, everywhere:
 * - timeout: our deadline fired (whatever name the runtime gave the error: TimeoutError from fetch,
 *   AbortError or a cut stream from the body), or the error is itself a TimeoutError (a deadline
 *   further down, e.g. in an injected fetch);
 * - aborted: only the caller's signal fired;
 * - unreachable: any other error from fetch (refused, reset, DNS, a stray AbortError), and network
 *   errors (TypeError, AbortError) while `read` reads the body;
 * - redirected: a 3xx (304 aside, which answers a conditional request): its body is dropped unread;
 * - answer: any other HTTP status came back.
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
    response = await fetchImpl(url, { ...init, redirect: "manual", signal });
  } catch (error) {
    return failure(classify(error), error);
  }
  if (isRedirect(response)) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: "redirected", service, detail: redirectDetail(response) };
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
    redirected: "answered with a redirect, which is not followed",
  };
  return `${failure.service} ${what[failure.kind]} (${failure.detail})`;
}

/**
 * Our answer to a browser when an upstream failed: 504 for a timeout, 502 otherwise, with the service's
 * words (never where a redirect pointed).
 */
export function upstreamFailureResponse(
  failure: UpstreamFailure,
  words: { timeout: string; unreachable: string },
): Response {
  if (failure.kind === "timeout") return errorResponse(504, "upstream_timeout", words.timeout);
  if (failure.kind === "redirected")
    return errorResponse(502, "upstream_redirected", words.unreachable);
  return errorResponse(502, "upstream_unavailable", words.unreachable);
}
