import { describe, expect, it } from "vitest";
import {
  estimatePrice,
  formatCount,
  formatMoney,
  type PricingModel,
} from "../../../src/sections/priceEstimate";

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

  // Hand-formatted so no Intl.NumberFormat is built while the page hydrates: the output must be Intl's.
  const values = [
    0, 0.004, 0.005, 0.1, 0.125, 1, 2.5, 9.999, 12.345, 99.994, 99.995, 99.5, 100, 100.5, 999.5,
    1000, 1234.5678, 20_000, 99_999.5, 1_000_000, 2_345_678.9, 123_456_789, -3, -1234.5, 0.0004,
  ];
  it("formats money exactly as Intl does in en-US", () => {
    for (const currency of ["USD", "EUR"] as const) {
      for (const amount of values) {
        const digits = amount >= 100 ? 0 : 2;
        const intl = new Intl.NumberFormat("en-US", {
          style: "currency",
          currency,
          maximumFractionDigits: digits,
          minimumFractionDigits: 0,
        }).format(amount);
        expect(formatMoney(amount, currency), `${amount} ${currency}`).toBe(intl);
      }
    }
  });

  it("formats counts exactly as Intl does in en-US", () => {
    for (const value of values) {
      expect(formatCount(value), String(value)).toBe(new Intl.NumberFormat("en-US").format(value));
    }
  });
});
