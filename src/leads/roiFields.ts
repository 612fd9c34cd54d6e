/** The ROI payload's field names (zod-free, for the calculator). */
import { site } from "../config/site";

/** Product-specific ROI field names, e.g. roi_estimated_cost_of_fingerprint. */
export const roiFields = {
  fraudLoss: "roi_approximate_fraud_loss",
  averageTransaction: "roi_average_transaction_value",
  chargebackRate: "roi_chargeback_rate",
  estimatedCost: `roi_estimated_cost_of_${site.productSlug.replace(/-/g, "_")}`,
  estimatedSaving: `roi_estimated_saving_with_${site.productSlug.replace(/-/g, "_")}`,
  transactionsPerMonth: "roi_expected_transactions_per_month",
} as const;
