/**
 * A contact lead (ContactSales, GetDemo): work email, job title, company website and monthly request
 * volume, then a free-text field of the form's own, sent to the HubSpot contact endpoint.
 */
import type { FieldDefinition, FormDefinition } from "../types";
import { apiCallsOptions, privacyNote, workEmail } from "./shared";

export function contactLead({
  id,
  description,
  submitLabel,
  success,
}: Pick<FormDefinition, "id" | "submitLabel" | "success"> & {
  /** The closing free-text field: what the visitor wants to solve, or what the demo should cover. */
  description: Omit<FieldDefinition, "name" | "kind">;
}): FormDefinition {
  return {
    id,
    endpoint: "/api/hubspot/",
    context: "lead",
    fields: [
      { ...workEmail, width: "half" },
      {
        name: "jobTitle",
        label: "Job title",
        kind: "text",
        autoComplete: "organization-title",
        width: "half",
      },
      {
        name: "url",
        label: "Company website",
        kind: "url",
        autoComplete: "url",
        placeholder: "company.com",
        width: "half",
      },
      {
        name: "apiCallsQuestion",
        label: "Monthly identification requests",
        kind: "select",
        options: apiCallsOptions,
        width: "half",
      },
      { name: "description", kind: "textarea", ...description },
    ],
    submitLabel,
    success,
    note: privacyNote,
  };
}
