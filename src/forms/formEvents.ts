/** The analytics events an accepted form sends, from the form's id and what it posted. */
import { tracking as defaultTracking, type Tracking } from "../providers/analytics/tracking";
import { regionFor } from "./regions";
import { roiFields } from "../leads/roiFields";
import type { FormDefinition } from "./types";
import type { SubmitOutcome } from "./useForm";

const SALES_ENDPOINTS = ["/api/hubspot/", "/api/hubspot-single-pane/", "/risk/"];

const numberOf = (value: unknown): number =>
  typeof value === "number" ? value : Number(value) || 0;

export function reportSubmitted(
  definition: Pick<FormDefinition, "id" | "endpoint">,
  outcome: SubmitOutcome,
  pagePath: string,
  tracking: Tracking = defaultTracking,
): void {
  const formId = definition.id;
  tracking.webFormSubmitted({ formId, "page path": pagePath });
  // The same region the lead carries: unknown or unlisted countries are AMER.
  const where = { formId, "page path": pagePath, region: regionFor(outcome.context.country) };
  if (formId === "ContactSales" && SALES_ENDPOINTS.includes(definition.endpoint)) {
    tracking.salesContacted(where);
  } else if (formId === "GetDemo") {
    tracking.getDemoContacted(where);
  } else if (formId === "ContactRoiCalculator") {
    tracking.roiCalculatorFormSubmitted({
      estimatedCost: numberOf(outcome.payload[roiFields.estimatedCost]),
      estimatedSaving: numberOf(outcome.payload[roiFields.estimatedSaving]),
      transactionsPerMonth: numberOf(outcome.payload[roiFields.transactionsPerMonth]),
    });
  } else if (formId === "Signup") {
    tracking.signupStarted({ method: "email", "page path": pagePath });
  }
}
