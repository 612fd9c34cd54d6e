/** Risk assessment (/risk-assessment): a ContactSales variant that posts to /risk/ with two choices. */
import { riskConcerns, trafficBands } from "../schemas/options";
import type { FormDefinition } from "../types";
import { workEmail } from "./shared";

export const RiskAssessment: FormDefinition = {
  id: "ContactSales",
  endpoint: "/risk/",
  context: "tracking",
  fields: [
    workEmail,
    {
      name: "primary_risk_concern",
      label: "Your main fraud concern",
      kind: "select",
      required: true,
      options: riskConcerns,
      width: "half",
    },
    {
      name: "estimated_website_traffic",
      label: "Monthly website traffic",
      kind: "select",
      required: true,
      options: trafficBands,
      width: "half",
    },
    { name: "message", label: "Anything we should know?", kind: "textarea" },
  ],
  submitLabel: "Get my risk assessment",
  success: {
    title: "Your assessment request is in.",
    body: "A fraud specialist will review your answers and email you a short written assessment within two business days.",
  },
};
