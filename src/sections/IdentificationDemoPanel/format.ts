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

const MONTHS = [
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

/**
 * A visit's time in the visitor's own time zone, as en-GB's medium date and short time write it ("9 Sept 2026,
 * 07:05"). By hand, not with toLocaleString: the first formatter a page builds loads the browser's locale data,
 * 60–90 ms at a phone's speed inside the tap that starts the demo (the interaction benchmark's CPU profile); a
 * unit test holds the output equal to Intl's.
 */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  return `${day}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
