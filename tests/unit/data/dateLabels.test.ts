// The date text the build writes into pages (and the CMS preview shows): the day and time in the site's
// time zone (src/config/site.ts), so a post dated 2025-03-25 shows March 25 whatever machine builds it.
import { describe, expect, it } from "vitest";
import { site } from "../../../src/config/site";
import { dateLabel, timeLabel } from "../../../src/data/dateLabels";
import { parseSiteDate } from "../../../src/data/siteTime";

const MONTHS = {
  en: "January February March April May June July August September October November December",
  "pt-BR":
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
};
const iso = (written: string) => parseSiteDate(written)?.toISOString() ?? "";

describe("dateLabel", () => {
  it("writes every day a content file can name as that day, in both languages", () => {
    for (let month = 0; month < 12; month++)
      for (const day of [1, 9, 10, 28])
        for (const time of ["", " 00:00", " 23:59"]) {
          const written = `2025-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}${time}`;
          expect(dateLabel(iso(written)), written).toBe(
            `${MONTHS.en.split(" ")[month]} ${day}, 2025`,
          );
          expect(dateLabel(iso(written), "pt-BR"), written).toBe(
            `${day} de ${MONTHS["pt-BR"].split(" ")[month]} de 2025`,
          );
          expect(dateLabel(iso(written), "de"), written).toBe(
            `${MONTHS.en.split(" ")[month]} ${day}, 2025`,
          );
        }
  });

  it("is the site's day, not UTC's", () => {
    expect(site.timeZone).toBe("America/Chicago");
    // 03:00 UTC on the 25th is still the evening of the 24th in Chicago.
    expect(dateLabel("2025-03-25T03:00:00.000Z")).toBe("March 24, 2025");
    expect(dateLabel("2025-03-25T03:00:00.000Z", "pt-BR")).toBe("24 de março de 2025");
  });
});

describe("timeLabel", () => {
  it("writes the site's time of day with its zone, summer and winter", () => {
    expect(timeLabel("2025-05-20T15:00:00.000Z")).toBe("10:00 AM CDT");
    expect(timeLabel("2025-01-20T15:05:00.000Z")).toBe("9:05 AM CST");
    expect(timeLabel(iso("2025-03-12 09:00"))).toBe("9:00 AM CDT");
  });
});
