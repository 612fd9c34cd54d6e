// The admin's lists mark scheduled entries: Decap's summary formats the date with dayjs, and the plugin gives
// the "[scheduled]" format its meaning, read in the site's time zone; other formats stay dayjs's own.
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  SCHEDULED_FORMAT,
  SCHEDULED_MARKER,
  scheduleMarker,
} from "../../../src/cms/scheduleMarker";
import { parseSiteDate } from "../../../src/data/siteTime";

const now = parseSiteDate("2026-12-08 09:00")?.getTime() ?? 0;
dayjs.extend(scheduleMarker(() => now));

describe("the scheduled marker", () => {
  it("marks a date ahead of now in the site's time zone, and nothing else", () => {
    expect(dayjs("2026-12-08 09:01").format(SCHEDULED_FORMAT)).toBe(SCHEDULED_MARKER);
    expect(dayjs("2027-01-01").format(SCHEDULED_FORMAT)).toBe(SCHEDULED_MARKER);
    expect(dayjs("2026-12-08 09:00").format(SCHEDULED_FORMAT)).toBe("");
    expect(dayjs("2026-12-08").format(SCHEDULED_FORMAT)).toBe("");
    expect(dayjs("").format(SCHEDULED_FORMAT)).toBe("");
  });

  it("leaves every other format to dayjs", () => {
    expect(dayjs("2026-12-08 09:01").format("YYYY-MM-DD HH:mm")).toBe("2026-12-08 09:01");
  });
});
