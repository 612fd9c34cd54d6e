/** Usage-based price estimate: graduated tiers above an included monthly volume. */

export interface PricingTier {
  /** Absolute monthly volume where this tier ends; null for the last, unbounded tier. */
  upTo: number | null;
  pricePerThousand: number;
}

export interface PricingModel {
  included: number;
  basePrice: number;
  tiers: PricingTier[];
  customAbove?: number;
}

export type Estimate = { kind: "price"; amount: number } | { kind: "custom" };

/** Graduated pricing: each unit is charged at the rate of the tier its position falls in. */
export function estimatePrice(volume: number, model: PricingModel): Estimate {
  const units = Math.max(0, Math.floor(Number.isFinite(volume) ? volume : 0));
  if (model.customAbove !== undefined && units > model.customAbove) return { kind: "custom" };
  let amount = model.basePrice;
  let lower = model.included;
  for (const tier of model.tiers) {
    const upper = tier.upTo ?? Number.POSITIVE_INFINITY;
    if (units > lower && upper > lower) {
      const inTier = Math.min(units, upper) - lower;
      amount += (inTier / 1000) * tier.pricePerThousand;
    }
    lower = Math.max(lower, upper);
    if (units <= lower) break;
  }
  return { kind: "price", amount: Math.round(amount * 100) / 100 };
}

/** Formats with a fixed locale so server and browser render the same string. */
export function formatMoney(amount: number, currency: "USD" | "EUR"): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: amount >= 100 ? 0 : 2,
    minimumFractionDigits: 0,
  }).format(amount);
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US").format(value);
}
