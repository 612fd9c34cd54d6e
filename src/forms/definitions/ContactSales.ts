/** Contact sales: the lead form of /contact-sales/ (both A/B variants) and the sector pages. */
import type { FormDefinition } from "../types";
import { apiCallsOptions, privacyNote, schemas, workEmail } from "./shared";

export const ContactSales: FormDefinition = {
  id: "ContactSales",
  endpoint: "/api/hubspot/",
  context: "lead",
  schema: schemas.contact,
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
    {
      name: "description",
      label: "What would you like to solve?",
      kind: "textarea",
      hint: "A sentence or two about the fraud or friction you see helps us bring the right specialist.",
    },
  ],
  submitLabel: "Talk to sales",
  success: {
    title: "Thanks, your message is with our sales team.",
    body: "A specialist for your region will email you within one business day to find a time that suits you.",
  },
  note: privacyNote,
};
