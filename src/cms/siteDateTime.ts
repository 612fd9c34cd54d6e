/**
 * The date fields' "Now" button in the site's time zone. The fields store the site's wall clock without a zone
 * (DATE_FORMAT in fields.ts), but Decap's datetime control fills "Now" from the browser's clock, which for an
 * editor outside the site's zone would date a post hours ahead (scheduled) or behind.
 */
import { siteWallClock } from "../data/siteTime";

type DateTimeWidget = { control?: { prototype?: { getNow?: () => string } } } | undefined;

/** The input's value for now: the site's wall clock as a datetime-local input takes it. */
export const siteNowInput = (at: Date = new Date()): string => siteWallClock(at).replace(" ", "T");

/** Makes the control's "Now" the site's; false when the widget is not the control it expects. */
export function applySiteNow(widget: DateTimeWidget): boolean {
  const prototype = widget?.control?.prototype;
  if (!prototype || typeof prototype.getNow !== "function") return false;
  prototype.getNow = () => siteNowInput();
  return true;
}
