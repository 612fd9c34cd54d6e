/**
 * Marks scheduled entries in the admin's lists. Decap's summary templates format dates with dayjs (the
 * `date('…')` filter), and cannot compare a date with now; this dayjs plugin gives the format
 * "[scheduled]" that meaning: a marker when the date, read in the site's time zone, lies ahead, and
 * nothing otherwise. Every other format is dayjs's own.
 */
import type { PluginFunc } from "dayjs";
import { parseSiteDate } from "../data/siteTime";

export const SCHEDULED_FORMAT = "[scheduled]";
export const SCHEDULED_MARKER = "⏱ Scheduled · ";

type Raw = { $scheduleInput?: unknown };

export function scheduleMarker(now: () => number = Date.now): PluginFunc {
  return (_options, Dayjs) => {
    const proto = Dayjs.prototype as InstanceType<typeof Dayjs> & {
      parse(config: { date?: unknown }): void;
    };
    const parse = proto.parse;
    const format = proto.format;
    // The text as written: "2026-12-08 09:00" is the site's wall clock, not the browser's.
    proto.parse = function (this: Raw, config) {
      this.$scheduleInput = config.date;
      parse.call(this, config);
    };
    proto.format = function (this: InstanceType<typeof Dayjs> & Raw, template?: string) {
      if (template !== SCHEDULED_FORMAT) return format.call(this, template);
      const at = parseSiteDate(this.$scheduleInput);
      return at && at.getTime() > now() ? SCHEDULED_MARKER : "";
    };
  };
}
