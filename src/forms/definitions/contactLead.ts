/**
 * A contact lead (ContactSales, GetDemo): work email, job title, company website and monthly request
 * volume, then a free-text field of the form's own, sent to the HubSpot contact endpoint.
 */
import { formShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { apiCallsOptions, fieldsOf, privacyNote, workEmail, type FieldCopy } from "./shared";

type ContactLeadKey = (typeof formShapes.ContactSales.fields)[number];

/** The copy of a contact lead's fields, with the form's own closing free-text field. */
export function contactLeadCopy(
  /** What the visitor wants to solve, or what the demo should cover. */
  description: Omit<FieldCopy, "kind">,
): Record<ContactLeadKey, FieldCopy> {
  return {
    email: { ...workEmail, width: "half" },
    jobTitle: {
      label: "Job title",
      kind: "text",
      autoComplete: "organization-title",
      width: "half",
    },
    url: {
      label: "Company website",
      kind: "url",
      autoComplete: "url",
      placeholder: "company.com",
      width: "half",
    },
    apiCallsQuestion: {
      label: "Monthly identification requests",
      kind: "select",
      options: apiCallsOptions,
      width: "half",
    },
    description: { kind: "textarea", ...description },
  };
}

export function contactLead({
  id,
  copy,
  submitLabel,
  success,
}: Pick<FormDefinition, "submitLabel" | "success"> & {
  id: "ContactSales" | "GetDemo";
  copy: Record<ContactLeadKey, FieldCopy>;
}): FormDefinition {
  const shape = formShapes[id];
  return {
    id,
    endpoint: shape.endpoint,
    context: "lead",
    fields: fieldsOf(shape, copy),
    submitLabel,
    success,
    note: privacyNote,
  };
}
