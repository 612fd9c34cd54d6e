// The analytics events an accepted form sends carry the lead's region, AMER when the country is unknown.
import { describe, expect, it, vi } from "vitest";
import { reportSubmitted } from "../../../src/forms/formEvents";
import { emptyLeadContext } from "../../../src/providers/lead-context/leadContext";
import { Tracking } from "../../../src/providers/analytics/tracking";

const contact = { id: "ContactSales", endpoint: "/api/hubspot/" } as const;

describe("form events' region", () => {
  it.each([
    [null, "AMER"],
    ["ZZ", "AMER"],
    ["DE", "EMEA"],
    ["BR", "LATAM"],
  ] as const)("country %s → Sales Contacted with region %s", (country, region) => {
    const tracking = new Tracking();
    const contacted = vi.spyOn(tracking, "salesContacted");
    reportSubmitted(
      contact,
      { payload: {}, context: { ...emptyLeadContext, country } },
      "/contact-sales/",
      tracking,
    );
    expect(contacted).toHaveBeenCalledWith({
      formId: "ContactSales",
      "page path": "/contact-sales/",
      region,
    });
  });
});
