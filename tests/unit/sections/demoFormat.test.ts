// The demo panel's visit times are written by hand (no locale data loaded in the tap that starts the demo): Intl's text.
import { describe, expect, it } from "vitest";
import { formatTime } from "../../../src/sections/IdentificationDemoPanel/format";
import { groupDigits } from "../../../src/leads/fields";

describe("formatTime", () => {
  it("writes every month, day and time as en-GB's medium date and short time do, in the local time zone", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
    const times: string[] = [];
    for (let month = 0; month < 12; month++)
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 7, 5],
        [28, 23, 59],
      ] as const)
        times.push(new Date(2026, month, day, hour, minute).toISOString());
    times.push("1999-12-31T23:59:59.000Z", "2024-02-29T12:00:00.000Z");
    for (const iso of times) expect(formatTime(iso), iso).toBe(intl.format(new Date(iso)));
  });

  it("keeps text that is not a time as it came", () => {
    expect(formatTime("yesterday")).toBe("yesterday");
  });
});

describe("groupDigits", () => {
  it("groups whole numbers by three as en-US does", () => {
    for (const value of [0, 7, 100, 1000, 99_999, 10_000_000, 10_000_000_000, 1_000_000_000_000])
      expect(groupDigits(value)).toBe(value.toLocaleString("en-US"));
  });
});
