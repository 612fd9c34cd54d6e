// The date field's "Now" fills the site's wall clock (what the field stores and the build reads), not the
// browser's: an editor in Berlin pressing it at 15:00 there writes 08:00 in Chicago, which is now.
import { describe, expect, it } from "vitest";
import { siteNowInput, applySiteNow } from "../../../src/cms/siteDateTime";
import { parseSiteDate } from "../../../src/data/siteTime";

describe("the date field's Now", () => {
  it("is the site's wall clock as the datetime-local input takes it", () => {
    const at = new Date("2026-12-08T14:00:00.000Z");
    expect(siteNowInput(at)).toBe("2026-12-08T08:00");
    expect(parseSiteDate(siteNowInput(at).replace("T", " "))?.toISOString()).toBe(at.toISOString());
  });

  it("replaces the control's own, and says when the control is not the one it knows", () => {
    class Control {
      getNow() {
        return "browser clock";
      }
    }
    expect(applySiteNow({ control: Control })).toBe(true);
    expect(new Control().getNow()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(applySiteNow({ control: class {} })).toBe(false);
    expect(applySiteNow(undefined)).toBe(false);
  });
});
