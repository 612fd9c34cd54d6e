/**
 * One way to call an outside service from a function: a deadline, the caller's abort signal, no
 * redirects, a cap on the answer's size, and a typed outcome saying which of six things happened (an answer,
 * our timeout, the caller's abort, a redirect we refused, an answer over the cap, or no answer at all), with
 * one mapping of failures onto our 502/504 answers.
 */
import { errorResponse } from "../http/responses";
import { printable } from "../logText";

/**
 * timeout: a deadline passed; aborted: the caller gave up; unreachable: refused, reset, DNS;
 * redirected: the service (or something between) answered 3xx, which is never followed;
 * oversized: the answer's body passed the call's `maxBytes` (declared or as read), and was read no further.
 */
export type UpstreamFailureKind = "timeout" | "aborted" | "unreachable" | "redirected" | "oversized";

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
  /**
   * The most bytes of the answer's body anyone reads (`read`, or the caller afterwards): past it the body
   * errors and the connection is dropped, so a service (or anything posing as one) cannot make us hold an
   * answer of any size.
   */
  maxBytes: number;
  fetch?: typeof fetch;
  /** Reads what the caller needs from the answer, inside the deadline; errors it throws pass through. */
  read?: (response: Response) => Promise<T>;
}

const detailOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** What the capped body errors with once an answer passes its call's cap. */
export class UpstreamBodyTooLarge extends Error {
  override name = "UpstreamBodyTooLarge";
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
  }
}

/** Statuses whose answers have no body (and which a Response cannot be built with one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The answer with its body counted as it streams: past `maxBytes` (or at once, when it declares more) the
 * stream errors with UpstreamBodyTooLarge and the source is cancelled. The status and headers stay readable,
 * so a caller that reads the body afterwards can still go by the status alone.
 */
function capped(response: Response, maxBytes: number): Response {
  if (!response.body || NULL_BODY.has(response.status)) return response;
  const declared = response.headers.get("content-length");
  const tooLong = declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes;
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      if (tooLong) controller.error(new UpstreamBodyTooLarge(maxBytes));
    },
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(new UpstreamBodyTooLarge(maxBytes));
      else controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

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
 * - oversized: the body `read` reads passes `maxBytes` (the body errors there, whoever reads it);
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
    maxBytes,
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
  response = capped(response, maxBytes);
  if (!read) return { kind: "answer", response, value: undefined as T };
  try {
    return { kind: "answer", response, value: await read(response) };
  } catch (error) {
    if (error instanceof UpstreamBodyTooLarge) return failure("oversized", error);
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

/**
 * A log line for a failure: "Amplitude timed out", "Greenhouse unreachable (TypeError: fetch failed)". The
 * detail is an error's words, which may quote what the other side sent: escaped and cut (../logText.ts).
 */
export function describeFailure(failure: UpstreamFailure): string {
  const what = {
    timeout: "timed out",
    aborted: "aborted by the caller",
    unreachable: "unreachable",
    redirected: "answered with a redirect, which is not followed",
    oversized: "answered more than the call reads",
  };
  return `${failure.service} ${what[failure.kind]} (${printable(failure.detail)})`;
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
