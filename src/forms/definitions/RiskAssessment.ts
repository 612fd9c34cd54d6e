/** Risk assessment (/risk-assessment): a ContactSales variant that posts to /risk/ with two choices. */
import { variantShapes } from "../../leads/forms";
import { riskConcerns, trafficBands } from "../../leads/options";
import type { FormDefinition } from "../types";
import { fieldsOf, workEmail } from "./shared";

const shape = variantShapes["risk-assessment"];

export const RiskAssessment: FormDefinition = {
  id: shape.form,
  endpoint: shape.endpoint,
  context: "tracking",
  fields: fieldsOf(shape, {
    email: workEmail,
    primary_risk_concern: {
      label: "Your main fraud concern",
      kind: "select",
      required: true,
      options: riskConcerns,
      width: "half",
    },
    estimated_website_traffic: {
      label: "Monthly website traffic",
      kind: "select",
      required: true,
      options: trafficBands,
      width: "half",
    },
    message: { label: "Anything we should know?", kind: "textarea" },
  }),
  submitLabel: "Get my risk assessment",
  success: {
    title: "Your assessment request is in.",
    body: "A fraud specialist will review your answers and email you a short written assessment within two business days.",
  },
};
