/** Outside text (an upstream's answer, a header, a body) made fit for one log line: escaped, then cut. */

/**
 * Characters that would end a log line, rewrite a terminal or reorder what a reader sees: C0 and C1 controls,
 * DEL, the Unicode line and paragraph separators, bidirectional controls and the byte-order mark. The
 * backslash is escaped too, so an escape in the log always means one was made.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\\]/gu;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\" };

function escape(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return (
    NAMED[char] ??
    (code <= 0xff
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`)
  );
}

/** How much of one outside value a log line keeps, by default. */
export const LOG_VALUE_MAX = 200;

/**
 * `value` as text for a log line: every unsafe character escaped (`\n`, `\x1b`, `\u2028`), then cut to `max`
 * characters with an ellipsis and the length it had, so no outside value can forge a line or flood the log.
 */
export function printable(value: unknown, max: number = LOG_VALUE_MAX): string {
  const text = String(value);
  const escaped = text.replace(UNSAFE, escape);
  const chars = [...escaped];
  return chars.length > max
    ? `${chars.slice(0, max).join("")}… (${[...text].length} characters)`
    : escaped;
}
