/**
 * The ROI calculator's arithmetic. Illustrative assumptions, stated so a visitor can check them:
 * - every transaction is identified once, priced with the public per-call tiers of the pricing page;
 * - each chargeback costs the transaction's value plus a dispute fee;
 * - device intelligence prevents a share of fraud losses and chargebacks (REDUCTION).
 */
export const ROI_ASSUMPTIONS = {
  /** Dispute fee per chargeback, in dollars (the report's sample fee). */
  disputeFee: 25,
  /** Share of fraud cost prevented. */
  reduction: 0.5,
  /** Per-call price tiers: up to `upTo` calls a month at `perThousand` dollars per 1,000 calls. */
  tiers: [
    { upTo: 100_000, perThousand: 2 },
    { upTo: 1_000_000, perThousand: 1.4 },
    { upTo: Number.POSITIVE_INFINITY, perThousand: 0.9 },
  ],
} as const;

export type RoiInputs = {
  /** Approximate yearly fraud loss, in dollars. */
  fraudLoss: number;
  averageTransactionValue: number;
  /** Share of transactions disputed, in percent (0.8 = 0.8%). */
  chargebackRate: number;
  transactionsPerMonth: number;
};

export type RoiEstimate = {
  /** Yearly chargeback cost: value plus fee for each disputed transaction. */
  chargebackCost: number;
  /** Yearly fraud cost: the fraud loss plus chargebacks. */
  totalFraudCost: number;
  /** Yearly cost of identifying every transaction. */
  estimatedCost: number;
  /** Yearly fraud cost prevented minus the product's cost (negative when it would not pay off). */
  estimatedSaving: number;
};

const money = (value: number) => Math.round(value);
const clean = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/** Monthly price of a number of identification calls under the tiers. */
export function monthlyPrice(calls: number): number {
  let remaining = Math.ceil(clean(calls));
  let previous = 0;
  let total = 0;
  for (const tier of ROI_ASSUMPTIONS.tiers) {
    const inTier = Math.min(remaining, tier.upTo - previous);
    total += (inTier / 1000) * tier.perThousand;
    remaining -= inTier;
    previous = tier.upTo;
    if (remaining <= 0) break;
  }
  return total;
}

export function estimateRoi(inputs: RoiInputs): RoiEstimate {
  const transactionsPerYear = clean(inputs.transactionsPerMonth) * 12;
  const rate = Math.min(clean(inputs.chargebackRate), 100) / 100;
  const chargebackCost =
    transactionsPerYear *
    rate *
    (clean(inputs.averageTransactionValue) + ROI_ASSUMPTIONS.disputeFee);
  const totalFraudCost = clean(inputs.fraudLoss) + chargebackCost;
  const estimatedCost = monthlyPrice(inputs.transactionsPerMonth) * 12;
  const estimatedSaving = totalFraudCost * ROI_ASSUMPTIONS.reduction - estimatedCost;
  return {
    chargebackCost: money(chargebackCost),
    totalFraudCost: money(totalFraudCost),
    estimatedCost: money(estimatedCost),
    estimatedSaving: money(estimatedSaving),
  };
}

// Written by hand, not with Intl.NumberFormat: the estimate is formatted again on every keystroke, and the
// first formatter a page builds loads the browser's locale data (about 13 ms of main thread on a fast
// machine, measured on the pricing page) inside that interaction. A unit test holds the text equal to
// Intl's en-US whole-dollar format over a range of values.
/** Whole dollars for display in en-US style ("$1,404,000", "-$1,200"), so server and browser agree. */
export function formatDollars(value: number): string {
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (Number.isNaN(value)) return "$NaN";
  if (!Number.isFinite(value)) return `${sign}$∞`;
  // BigInt writes every digit of a large whole number, where String() switches to exponent form.
  const digits = BigInt(Math.round(Math.abs(value))).toString();
  return `${sign}$${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}
