/** How the panel words what identification returned: places, bot verdicts, visited paths and times. */
import type { Location } from "../../providers/identification/result";

export const place = (location?: Location) =>
  [
    location?.countryName ?? location?.countryCode,
    location?.continentName ?? location?.continentCode,
  ]
    .filter(Boolean)
    .join(", ");

export const botLabel: Record<string, string> = {
  notDetected: "Not detected",
  good: "Good bot (search engine or monitor)",
  bad: "Bad bot (automation)",
};

/** The path of a visited URL; the raw text when it is not a URL (the history is the API's data). */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

// Written by hand, not with toLocaleString: the panel renders when the identification answers, and the
// first formatter a page builds loads the browser's locale data in the middle of that update. The text is
// what toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) writes, in the visitor's own
// time zone, as before (a unit test holds them equal in several zones).
const SHORT_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sept",
  "Oct",
  "Nov",
  "Dec",
];
const twoDigits = (value: number) => String(value).padStart(2, "0");

/** A visit's time as "4 Sept 2025, 15:07", in the visitor's time zone; the raw text when it is not a date. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  return `${day}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
