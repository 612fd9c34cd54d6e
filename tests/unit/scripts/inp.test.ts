// The interaction bench's figures: medians and worst runs, a missing run never read as 0 ms, and each figure's
// distance from its floor of the same run.
import { describe, expect, it } from "vitest";
import { formatTable, middle, summarise, verdict } from "../../../scripts/lib/inp";
import { FLOORS, INTERACTIONS, selectInteractions } from "../../../scripts/lib/interactions";

describe("summarise and verdict", () => {
  it("takes the median (the mean of the middle two for an even count) and the worst run", () => {
    expect(middle([40, 24, 32])).toBe(32);
    expect(middle([24, 40, 32, 48])).toBe(36);
    expect(summarise([32, 56, 40])).toEqual({ median: 40, worst: 56, missing: 0 });
    expect(verdict(summarise([32, 48, 40]))).toBe("met");
    expect(verdict(summarise([32, 56, 40]))).toBe("median met, worst over");
    expect(verdict(summarise([56, 64, 40]))).toBe("over");
  });

  it("counts a run without a report as missing, so the interaction is not measured", () => {
    expect(summarise([null, 16])).toEqual({ median: 16, worst: 16, missing: 1 });
    expect(summarise([null])).toEqual({ median: null, worst: null, missing: 1 });
    expect(verdict(summarise([null, 16]))).toBe("not measured");
  });
});

describe("formatTable", () => {
  it("prints each interaction's median above its own floor's median, and marks the floors", () => {
    const table = formatTable([
      { id: "floor-tap-us", viewport: "phone", runs: [32, 40, 32] },
      { id: "phone-menu", viewport: "phone", floor: "floor-tap-us", runs: [48, 56, 40] },
      { id: "header-menu", viewport: "desktop", floor: "floor-keys-no-script", runs: [24] },
    ]);
    const line = (id: string) =>
      table
        .split("\n")
        .find((l) => l.startsWith(id))!
        .split(/\s+/);
    expect(line("floor-tap-us")).toEqual([
      "floor-tap-us",
      "phone",
      "32",
      "40",
      "32,",
      "40,",
      "32",
      "floor",
    ]);
    expect(line("phone-menu").slice(0, 5)).toEqual(["phone-menu", "phone", "48", "56", "+16"]);
    expect(line("phone-menu").at(-1)).toBe("over");
    // Its floor was not measured: no difference printed.
    expect(line("header-menu").slice(0, 5)).toEqual(["header-menu", "desktop", "24", "24", "–"]);
  });
});

describe("selectInteractions", () => {
  it("brings the no-script tap and the floors the chosen interactions are judged against, first", () => {
    expect(selectInteractions("phone-menu,type-email").map((i) => i.id)).toEqual([
      "floor-tap-no-script",
      "floor-keys-no-script",
      "floor-tap-us",
      "phone-menu",
      "type-email",
    ]);
    expect(selectInteractions(undefined)).toHaveLength(INTERACTIONS.length + FLOORS.length);
    expect(() => selectInteractions("no-such")).toThrow(/unknown interaction no-such/);
    for (const interaction of INTERACTIONS)
      expect(FLOORS.map((f) => f.id)).toContain(interaction.floor);
  });
});
