// Content dates read in the site's time zone: a date alone is that zone's midnight, a zone-less time its wall
// clock (daylight saving included), an explicit zone the instant it names; nonsense is refused.
import { describe, expect, it } from "vitest";
import { site } from "../../../src/config/site";
import {
  parseSiteDate,
  siteWallClock,
  timeZoneLabel,
  zoneOffsetMs,
} from "../../../src/data/siteTime";

const iso = (value: unknown, zone?: string) => parseSiteDate(value, zone)?.toISOString() ?? null;

describe("parseSiteDate", () => {
  it("reads a zone-less date or time as the wall clock of the zone, summer and winter", () => {
    expect(iso("2026-12-08", "America/Chicago")).toBe("2026-12-08T06:00:00.000Z");
    expect(iso("2026-12-08 09:00", "America/Chicago")).toBe("2026-12-08T15:00:00.000Z");
    expect(iso("2026-07-08T09:00:00", "America/Chicago")).toBe("2026-07-08T14:00:00.000Z");
    expect(iso("2026-07-08 09:00", "Europe/Berlin")).toBe("2026-07-08T07:00:00.000Z");
    expect(iso("2026-07-08 09:00", "UTC")).toBe("2026-07-08T09:00:00.000Z");
  });

  it("takes the first of a repeated hour and the time after a skipped one", () => {
    // Chicago's clocks go back at 02:00 CDT on 2026-11-01 and forward at 02:00 CST on 2026-03-08.
    expect(iso("2026-11-01 01:30", "America/Chicago")).toBe("2026-11-01T06:30:00.000Z");
    expect(iso("2026-03-08 02:30", "America/Chicago")).toBe("2026-03-08T08:30:00.000Z");
  });

  it("keeps an explicit zone, and a Date as it is", () => {
    expect(iso("2025-05-20T15:00:00Z", "America/Chicago")).toBe("2025-05-20T15:00:00.000Z");
    expect(iso("2025-05-20T15:00:00.250+02:00", "UTC")).toBe("2025-05-20T13:00:00.250Z");
    expect(iso("2025-05-20 15:00 -0530", "UTC")).toBe("2025-05-20T20:30:00.000Z");
    expect(iso(new Date("2025-05-20T15:00:00Z"))).toBe("2025-05-20T15:00:00.000Z");
  });

  it("refuses what is not a date", () => {
    for (const bad of [
      "",
      "soon",
      "2025-02-30",
      "2025-13-01",
      "20250520",
      20250520,
      null,
      undefined,
    ])
      expect(iso(bad), String(bad)).toBeNull();
    expect(iso(new Date(Number.NaN))).toBeNull();
  });

  it("uses the site's zone by default, and writes an instant back as that wall clock", () => {
    const at = parseSiteDate("2026-12-08 09:00");
    expect(at).not.toBeNull();
    expect(siteWallClock(at ?? new Date(0))).toBe("2026-12-08 09:00");
    expect(zoneOffsetMs(Date.parse("2026-12-08T15:00:00Z"), "America/Chicago")).toBe(-6 * 3600_000);
    expect(site.timeZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+$|^UTC$/);
  });
});

describe("timeZoneLabel (the date fields' hint in the admin)", () => {
  it.each([
    ["America/Chicago", "America/Chicago (UTC-06:00, UTC-05:00 during daylight saving time)"],
    // Southern hemisphere: daylight saving time in January, the standard offset in July.
    ["Australia/Sydney", "Australia/Sydney (UTC+10:00, UTC+11:00 during daylight saving time)"],
    ["Asia/Kolkata", "Asia/Kolkata (UTC+05:30)"],
    ["UTC", "UTC (UTC+00:00)"],
  ])("names %s with its offsets from UTC", (zone, label) => {
    expect(timeZoneLabel(zone)).toBe(label);
  });
});
