// The demo panel's numbers and visit times are written by hand (no locale data loaded in the tap that starts the
// demo): they read as toLocaleString wrote them.
import { afterEach, describe, expect, it } from "vitest";
import { groupDigits } from "../../../src/leads/fields";
import { formatTime } from "../../../src/sections/IdentificationDemoPanel/format";

const zone = process.env["TZ"];
afterEach(() => {
  if (zone === undefined) delete process.env["TZ"];
  else process.env["TZ"] = zone;
});

describe("formatTime", () => {
  it("writes what toLocaleString('en-GB', medium date, short time) writes, in the visitor's zone", () => {
    for (const tz of ["UTC", "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Auckland"]) {
      process.env["TZ"] = tz;
      for (let month = 0; month < 12; month++)
        for (const [day, hour, minute] of [
          [1, 0, 0],
          [9, 9, 5],
          [15, 12, 30],
          [28, 23, 59],
        ] as const) {
          const iso = new Date(Date.UTC(2025, month, day, hour, minute)).toISOString();
          const expected = new Date(iso).toLocaleString("en-GB", {
            dateStyle: "medium",
            timeStyle: "short",
          });
          expect(formatTime(iso), `${iso} ${tz}`).toBe(expected);
        }
      for (const iso of ["1999-12-31T23:59:59.000Z", "2024-02-29T12:00:00.000Z"])
        expect(formatTime(iso), `${iso} ${tz}`).toBe(
          new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }),
        );
    }
  });
  it("keeps text that is not a date", () => {
    expect(formatTime("yesterday")).toBe("yesterday");
  });
});

describe("groupDigits", () => {
  it("groups whole numbers by three as en-US does", () => {
    for (const value of [0, 7, 100, 1000, 99_999, 10_000_000, 10_000_000_000, 1_000_000_000_000])
      expect(groupDigits(value)).toBe(value.toLocaleString("en-US"));
  });
});
