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

// Formatted by hand, not with Intl.NumberFormat: the first formatter a page builds loads the browser's
// locale data, about 13 ms of main thread on a fast machine and four times that on a phone, in the
// middle of hydrating the pricing page. en-US only, so server and browser render the same text; a unit
// test holds the output equal to Intl's for the values a page shows.
const CURRENCY_SYMBOLS = { USD: "$", EUR: "€" } as const;

/** `value` rounded to at most `maxFraction` decimals (trailing zeros dropped), digits grouped by three. */
function formatDecimal(value: number, maxFraction: number): string {
  const [whole = "0", fraction = ""] = Math.abs(value).toFixed(maxFraction).split(".");
  const decimals = fraction.replace(/0+$/, "");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = value < 0 && (whole !== "0" || decimals !== "") ? "-" : "";
  return `${sign}${decimals ? `${grouped}.${decimals}` : grouped}`;
}

/** Money in en-US style: whole units from 100 up, else up to two decimals ("$1,250", "€12.5"). */
export function formatMoney(amount: number, currency: "USD" | "EUR"): string {
  const text = formatDecimal(amount, amount >= 100 ? 0 : 2);
  const symbol = CURRENCY_SYMBOLS[currency];
  return text.startsWith("-") ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** A count in en-US style ("1,250,000"; up to three decimals, as Intl's default). */
export function formatCount(value: number): string {
  return formatDecimal(value, 3);
}
