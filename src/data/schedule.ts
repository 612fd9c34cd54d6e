/**
 * Scheduled publishing's rules, shared by the build and the functions: an entry whose publish date lies
 * after the build's clock is built nowhere, and the build leaves the next such date (a time, nothing
 * more) at SCHEDULE_PATH for the schedule trigger (src/server/schedule/).
 */

/** Where the build writes the next due time: `{ "nextBuildAt": ISO | null }`, names no entry. */
export const SCHEDULE_PATH = "/schedule.json";

export type ScheduleFile = { nextBuildAt: string | null };

/** Whether an entry with this publish date (ISO; absent: none) is published at `at`. */
export function isPublished(date: string | null | undefined, at: Date): boolean {
  return !date || Date.parse(date) <= at.getTime();
}

/** The earliest of the dates that lie after `at`, or null: when the next build must run. */
export function nextDue(dates: Iterable<string | null | undefined>, at: Date): string | null {
  let next: number | null = null;
  for (const date of dates) {
    const time = date ? Date.parse(date) : Number.NaN;
    if (Number.isFinite(time) && time > at.getTime() && (next === null || time < next)) next = time;
  }
  return next === null ? null : new Date(next).toISOString();
}

/** Reads a schedule file's text; null for anything that is not one (the trigger then does nothing). */
export function parseSchedule(text: string): ScheduleFile | null {
  try {
    const data = JSON.parse(text) as unknown;
    if (!data || typeof data !== "object" || !("nextBuildAt" in data)) return null;
    const next = (data as { nextBuildAt: unknown }).nextBuildAt;
    if (next === null) return { nextBuildAt: null };
    return typeof next === "string" && Number.isFinite(Date.parse(next))
      ? { nextBuildAt: new Date(next).toISOString() }
      : null;
  } catch {
    return null;
  }
}
