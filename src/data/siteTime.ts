/**
 * Dates as content writes them, read in the site's time zone (src/config/site.ts): "2026-12-08 09:00" is nine
 * in the morning there, whatever machine builds the site or whichever browser edits it. Safe for the browser
 * (the CMS admin reads dates with it too).
 */
import { site } from "../config/site";

/** A date, optionally a time, optionally a zone: 2026-12-08, 2026-12-08 09:00, 2026-12-08T09:00:00.000+01:00. */
const WRITTEN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Offsets already worked out, by zone and second: the admin formats every listed entry's date on each render
 * (thousands of them at a time), and formatToParts is the costly part.
 */
const knownOffsets = new Map<string, number>();
const KNOWN_OFFSETS_MAX = 50_000;

/** How far `zone`'s wall clock is ahead of UTC at the instant `ms` (negative west of Greenwich). */
export function zoneOffsetMs(ms: number, zone: string = site.timeZone): number {
  const key = `${zone}|${Math.floor(ms / 1000)}`;
  const known = knownOffsets.get(key);
  if (known !== undefined) return known;
  const offset = computeOffset(ms, zone);
  if (knownOffsets.size >= KNOWN_OFFSETS_MAX) knownOffsets.clear();
  knownOffsets.set(key, offset);
  return offset;
}

function computeOffset(ms: number, zone: string): number {
  let format = offsetFormatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormatters.set(zone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (ms - (ms % 1000));
}

/**
 * The instant a wall-clock time in `zone` names (fields as Date.UTC takes them). A time skipped by a
 * daylight-saving change counts from after the change; a repeated one is its first occurrence.
 */
export function fromWallClock(wallUtcMs: number, zone: string = site.timeZone): number {
  const guess = wallUtcMs - zoneOffsetMs(wallUtcMs, zone);
  const adjusted = wallUtcMs - zoneOffsetMs(guess, zone);
  return zoneOffsetMs(adjusted, zone) === wallUtcMs - adjusted ? adjusted : guess;
}

/**
 * The instant a content date names, or null when it is not one. Without a zone it is the site's wall clock
 * (a date alone: its midnight); with `Z` or an offset it is that instant. A Date (what a YAML parser made
 * of an unquoted timestamp) is taken as it is.
 */
export function parseSiteDate(value: unknown, zone: string = site.timeZone): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string") return null;
  const match = WRITTEN.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "0", offset] = match;
  const wall = Date.UTC(+(y ?? 0), +(mo ?? 1) - 1, +(d ?? 1), +h, +mi, +s, +frac.padEnd(3, "0"));
  const check = new Date(wall);
  // 2025-02-30 is not a date, even though Date.UTC would roll it over into March.
  if (check.getUTCMonth() !== +(mo ?? 1) - 1 || check.getUTCDate() !== +(d ?? 1)) return null;
  if (!offset) return new Date(fromWallClock(wall, zone));
  if (offset.toUpperCase() === "Z") return new Date(wall);
  const [, sign, oh, om = "0"] = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset) ?? [];
  const minutes = (+(oh ?? 0) * 60 + +om) * (sign === "-" ? -1 : 1);
  return new Date(wall - minutes * 60_000);
}

/** An instant as the site's wall clock, the way the CMS writes it: "2026-12-08 09:00". */
export function siteWallClock(date: Date, zone: string = site.timeZone): string {
  const wall = new Date(date.getTime() + zoneOffsetMs(date.getTime(), zone));
  return wall.toISOString().slice(0, 16).replace("T", " ");
}

/** An offset from UTC as people write it: UTC-06:00, UTC+05:30. */
const utcOffset = (ms: number) => {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return `UTC${ms < 0 ? "-" : "+"}${hh}:${mm}`;
};

/**
 * A time zone as an editor reads it, its name and its offsets: "America/Chicago (UTC-06:00, UTC-05:00 during
 * daylight saving time)". The offsets are those of mid-January and mid-July of a fixed year, so the text does not
 * change with the day it is made on; the smaller is the standard one, in either hemisphere.
 */
export function timeZoneLabel(zone: string = site.timeZone): string {
  const [standard, daylight] = [Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15)]
    .map((at) => zoneOffsetMs(at, zone))
    .sort((a, b) => a - b);
  if (standard === undefined || daylight === undefined || standard === daylight)
    return `${zone} (${utcOffset(standard ?? 0)})`;
  return `${zone} (${utcOffset(standard)}, ${utcOffset(daylight)} during daylight saving time)`;
}
