/**
 * GitHub's refusals for too many requests, told to the editor in words: which limit, and when to try again. GitHub
 * answers 403 or 429 with `x-ratelimit-remaining: 0` and `x-ratelimit-reset` (the hourly budget is spent) or with
 * `retry-after` (a secondary limit: too many at once or in a minute). Decap would read the first as a pause of up
 * to an hour, retried silently, and the second as five retries; the admin instead says so at once. No I/O.
 */

export type LimitRefusal = { kind: "hourly" | "secondary"; retryAt: Date; message: string };

type HeaderSource = { get(name: string): string | null };

/** How the admin words a time of day: the editor's own clock, hours and minutes. */
function clock(at: Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(at);
}

function wait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** What an editor reads when GitHub refuses: the limit, when to try again, and that nothing is lost. */
export function limitMessage(refusal: Omit<LimitRefusal, "message">, now: Date, locale?: string) {
  const seconds = Math.max(0, (refusal.retryAt.getTime() - now.getTime()) / 1000);
  const when = `${clock(refusal.retryAt, locale)} (in ${wait(seconds)})`;
  const kept =
    "Nothing you typed is lost: the entry stays open, and this browser keeps a copy of it.";
  return refusal.kind === "hourly"
    ? `GitHub has paused this account's requests: its hourly allowance is used up. Try again at ${when}. ${kept}`
    : `GitHub asked the admin to slow down. Try again at ${when}. ${kept}`;
}

/**
 * The refusal a response carries, or null when it is not a rate limit (a 403 for a missing permission is not).
 * `bodyMessage` is GitHub's `message` field when the caller has read it.
 */
export function limitRefusal(
  status: number,
  headers: HeaderSource,
  bodyMessage: string,
  now: Date = new Date(),
  locale?: string,
): LimitRefusal | null {
  if (status !== 403 && status !== 429) return null;
  const retryAfter = Number(headers.get("retry-after"));
  const remaining = headers.get("x-ratelimit-remaining");
  const reset = Number(headers.get("x-ratelimit-reset"));
  const secondary =
    (Number.isFinite(retryAfter) && headers.get("retry-after") !== null) ||
    /secondary rate limit/i.test(bodyMessage);
  const hourly = remaining === "0" || /API rate limit exceeded/i.test(bodyMessage);
  if (!secondary && !hourly && status !== 429) return null;
  let kind: LimitRefusal["kind"];
  let retryAt: Date;
  if (hourly && !secondary && Number.isFinite(reset) && reset > 0) {
    kind = "hourly";
    retryAt = new Date(reset * 1000);
  } else {
    // GitHub: with no retry-after, wait at least a minute before trying again.
    kind = hourly && !secondary ? "hourly" : "secondary";
    const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60;
    retryAt = new Date(now.getTime() + seconds * 1000);
  }
  return { kind, retryAt, message: limitMessage({ kind, retryAt }, now, locale) };
}
