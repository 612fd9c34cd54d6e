// Outside text for a log line: every character that could end the line, rewrite a terminal or reorder what a
// reader sees comes out escaped, and a long value is cut, saying how long it was.
import { describe, expect, it } from "vitest";
import { LOG_VALUE_MAX, printable } from "../../../src/server/logText";

describe("printable", () => {
  it("escapes line breaks, terminal escapes, C1 controls, Unicode separators and bidirectional controls", () => {
    expect(printable("a\r\nb\tc")).toBe("a\\r\\nb\\tc");
    expect(printable("\u001b[2J\u0000\u007f\u0085")).toBe("\\x1b[2J\\x00\\x7f\\x85");
    expect(printable("x\u2028y\u2029z")).toBe("x\\u2028y\\u2029z");
    expect(printable("user\u202egnp.exe\u2066\ufeff")).toBe("user\\u202egnp.exe\\u2066\\ufeff");
  });

  it("escapes the backslash too, so an escape in the log is always one it made", () => {
    expect(printable("a\\nb")).toBe("a\\\\nb");
  });

  it("keeps ordinary text, accents and emoji as they are, and stringifies what is not a string", () => {
    expect(printable("Signed in: Zoë ✓ 🙂")).toBe("Signed in: Zoë ✓ 🙂");
    expect(printable(502)).toBe("502");
    expect(printable(null)).toBe("null");
  });

  it("cuts a long value by characters, noting its length", () => {
    const long = "é".repeat(1000);
    const cut = printable(long);
    expect(cut).toBe(`${"é".repeat(LOG_VALUE_MAX)}… (1000 characters)`);
    expect(printable("🙂".repeat(5), 3)).toBe("🙂🙂🙂… (5 characters)");
    expect(printable("short", 5)).toBe("short");
  });
});
