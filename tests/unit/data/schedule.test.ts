// Scheduled publishing's rules: published means dated at or before the build's clock; the next due time is
// the earliest later date; the schedule file carries a time and nothing else, and anything else reads as none.
import { describe, expect, it } from "vitest";
import { isPublished, nextDue, parseSchedule } from "../../../src/data/schedule";
import { buildTime } from "../../../src/gatsby/buildClock";
import { writtenDates } from "../../../src/gatsby/writtenDates";

const at = new Date("2026-12-01T12:00:00.000Z");

describe("isPublished and nextDue", () => {
  it("publishes what is dated up to the build's clock, and no later", () => {
    expect(isPublished("2026-12-01T12:00:00.000Z", at)).toBe(true);
    expect(isPublished("2026-11-30T12:00:00.000Z", at)).toBe(true);
    expect(isPublished("2026-12-01T12:00:00.001Z", at)).toBe(false);
    expect(isPublished(null, at)).toBe(true);
  });

  it("names the earliest date after the clock, or none", () => {
    const dates = [
      "2026-12-31T00:00:00.000Z",
      null,
      "2026-11-01T00:00:00.000Z",
      "2026-12-08T15:00:00.000Z",
      "x",
    ];
    expect(nextDue(dates, at)).toBe("2026-12-08T15:00:00.000Z");
    expect(nextDue(["2026-11-01T00:00:00.000Z"], at)).toBeNull();
  });
});

describe("parseSchedule", () => {
  it("reads a time or null, and nothing else", () => {
    expect(parseSchedule('{"nextBuildAt":"2026-12-08T15:00:00.000Z"}')).toEqual({
      nextBuildAt: "2026-12-08T15:00:00.000Z",
    });
    expect(parseSchedule('{"nextBuildAt":null}')).toEqual({ nextBuildAt: null });
    for (const bad of [
      "",
      "<html>",
      "[]",
      '{"next":1}',
      '{"nextBuildAt":"soon"}',
      '{"nextBuildAt":5}',
    ])
      expect(parseSchedule(bad), bad).toBeNull();
  });
});

describe("the build's clock", () => {
  it("is BUILD_TIME when set (zone-less: the site's), refuses a bad one, and is pinned otherwise", () => {
    expect(buildTime({ BUILD_TIME: "2026-12-01T12:00:00Z" }).toISOString()).toBe(at.toISOString());
    expect(() => buildTime({ BUILD_TIME: "tomorrow" })).toThrow(/BUILD_TIME/);
    expect(buildTime({}).getTime()).toBe(buildTime({}).getTime());
  });
});

describe("writtenDates", () => {
  it("keeps the frontmatter's dates as written, whatever a YAML 1.1 parser would make of them", () => {
    const file =
      "---\ntitle: x\ndate: 2026-12-08 09:00:00\nupdated: 2026-12-09\npublishDate: '2026-12-10 08:00'\n---\nbody\n";
    expect(writtenDates(file)).toEqual({
      date: "2026-12-08 09:00:00",
      updated: "2026-12-09",
      publishDate: "2026-12-10 08:00",
    });
    expect(writtenDates("no frontmatter")).toEqual({});
    expect(writtenDates("---\n: : bad\n---\n")).toEqual({});
  });
});
