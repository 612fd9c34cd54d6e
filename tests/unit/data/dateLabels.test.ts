// The date text the build writes into pages (and the CMS preview shows) is the text pages showed before
// the labels moved to build time: the hand-written month tables and the webinar time's formatter.
import { describe, expect, it } from "vitest";
import { dateLabel, timeLabel } from "../../../src/data/dateLabels";

// What src/data/blog.ts's formatDate wrote until the date became a build-time label.
const MONTHS = {
  en: "January February March April May June July August September October November December",
  "pt-BR":
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
};
function previousDate(iso: string, locale = "en"): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const year = date.getUTCFullYear();
  if (locale === "pt-BR")
    return `${day} de ${MONTHS["pt-BR"].split(" ")[date.getUTCMonth()]} de ${year}`;
  return `${MONTHS.en.split(" ")[date.getUTCMonth()]} ${day}, ${year}`;
}
// What views/blogView.ts's webinarMeta built during render.
const previousTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));

const dates: string[] = [];
for (let month = 0; month < 12; month++)
  for (const day of [1, 9, 10, 28])
    for (const hour of [0, 9, 12, 15, 23])
      dates.push(new Date(Date.UTC(2025, month, day, hour, month * 5)).toISOString());
dates.push(
  "1999-12-31T23:59:59.000Z",
  "2024-02-29T12:00:00.000Z",
  "2031-01-01T00:00:00+02:00",
  "2025-06-30T23:30:00-05:00",
);

describe("dateLabel", () => {
  it("writes what the pages showed before, in both languages and in UTC", () => {
    for (const locale of ["en", "pt-BR", "de"])
      for (const iso of dates)
        expect(dateLabel(iso, locale), `${iso} ${locale}`).toBe(previousDate(iso, locale));
  });
  it("defaults to English", () => {
    expect(dateLabel("2025-03-25T00:00:00.000Z")).toBe("March 25, 2025");
    expect(dateLabel("2025-03-25T00:00:00.000Z", "pt-BR")).toBe("25 de março de 2025");
  });
});

describe("timeLabel", () => {
  it("writes what the webinar pages showed before", () => {
    for (const iso of dates) expect(timeLabel(iso), iso).toBe(previousTime(iso));
    expect(timeLabel("2025-05-20T15:00:00.000Z")).toBe("3:00 PM UTC");
    expect(timeLabel("2025-05-20T00:05:00.000Z")).toBe("12:05 AM UTC");
  });
});
