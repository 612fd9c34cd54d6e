import { describe, expect, it } from "vitest";
import {
  estimatePrice,
  formatCount,
  formatMoney,
  type PricingModel,
} from "../../../src/data/pricing";

const model: PricingModel = {
  included: 20_000,
  basePrice: 0,
  tiers: [
    { upTo: 100_000, pricePerThousand: 2 },
    { upTo: 1_000_000, pricePerThousand: 1.4 },
    { upTo: null, pricePerThousand: 0.9 },
  ],
  customAbove: 2_000_000,
};

describe("estimatePrice (graduated tiers)", () => {
  it.each([
    [0, 0],
    [20_000, 0],
    [21_000, 2],
    [100_000, 160],
    [200_000, 160 + 140],
    [1_000_000, 160 + 1260],
    [1_500_000, 160 + 1260 + 450],
  ])("%i calls → $%d", (volume, amount) => {
    expect(estimatePrice(volume, model)).toEqual({ kind: "price", amount });
  });

  it("switches to custom pricing above the threshold", () => {
    expect(estimatePrice(2_000_000, model).kind).toBe("price");
    expect(estimatePrice(2_000_001, model)).toEqual({ kind: "custom" });
  });

  it("adds the base price and treats junk volume as zero", () => {
    expect(estimatePrice(Number.NaN, { ...model, basePrice: 99 })).toEqual({
      kind: "price",
      amount: 99,
    });
    expect(estimatePrice(-5, model)).toEqual({ kind: "price", amount: 0 });
  });
});

describe("formatting", () => {
  it("uses a fixed locale", () => {
    expect(formatMoney(1870, "USD")).toBe("$1,870");
    expect(formatMoney(2.5, "EUR")).toBe("€2.5");
    expect(formatCount(2_000_000)).toBe("2,000,000");
  });
});
