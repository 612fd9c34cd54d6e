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

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}
