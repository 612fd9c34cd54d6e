/** The lead forms' fixed choices, zod-free so a form can render them without the validator. */

export const riskConcerns = [
  { value: "account_takeover", label: "Account takeover" },
  { value: "payment_fraud", label: "Payment fraud and chargebacks" },
  { value: "new_account_fraud", label: "Fake or duplicate sign-ups" },
  { value: "bots", label: "Bots and scraping" },
  { value: "promo_abuse", label: "Promotion and coupon abuse" },
  { value: "account_sharing", label: "Account sharing" },
  { value: "other", label: "Something else" },
] as const;

export const trafficBands = [
  { value: "under_10k", label: "Under 10,000 visits a month" },
  { value: "10k_100k", label: "10,000 – 100,000" },
  { value: "100k_1m", label: "100,000 – 1 million" },
  { value: "1m_10m", label: "1 – 10 million" },
  { value: "over_10m", label: "Over 10 million" },
] as const;

/** Contact sales and get-a-demo: the monthly identification volume (empty: not answered). */
export const apiCallsOptions = [
  { value: "under-100k", label: "Fewer than 100,000" },
  { value: "100k-1m", label: "100,000 – 1 million" },
  { value: "1m-10m", label: "1 – 10 million" },
  { value: "over-10m", label: "More than 10 million" },
  { value: "unsure", label: "Not sure yet" },
] as const;
