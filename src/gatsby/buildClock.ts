/**
 * The build's clock, read in one place: what "now" is for scheduled publishing. BUILD_TIME (an ISO date-time;
 * without a zone, the site's) sets it, so a test build is the same build every time; otherwise the first
 * read pins it, so every step of one build agrees on which entries are published.
 */
import { parseSiteDate } from "../data/siteTime";

let pinned: Date | null = null;

export function buildTime(env: Readonly<Record<string, string | undefined>> = process.env): Date {
  const raw = env.BUILD_TIME?.trim();
  if (raw) {
    const at = parseSiteDate(raw);
    if (!at)
      throw new Error(`BUILD_TIME must be a date-time such as 2026-12-08T09:00:00Z, got "${raw}".`);
    return at;
  }
  pinned ??= new Date();
  return pinned;
}
