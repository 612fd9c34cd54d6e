// The demo panel's visit times, written by hand, read as toLocaleString("en-GB") wrote them.
import { afterEach, describe, expect, it } from "vitest";
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
    }
  });
  it("keeps text that is not a date", () => {
    expect(formatTime("yesterday")).toBe("yesterday");
  });
});
