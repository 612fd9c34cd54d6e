/** Get a demo: a guided walkthrough request, sent as a contact lead named GetDemo. */
import type { FormDefinition } from "../types";
import { apiCallsOptions, privacyNote, schemas, workEmail } from "./shared";

export const GetDemo: FormDefinition = {
  id: "GetDemo",
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
    { name: "description", label: "What should the demo cover?", kind: "textarea" },
  ],
  submitLabel: "Request a demo",
  success: {
    title: "Demo requested.",
    body: "We'll email you within one business day with times for a 30-minute walkthrough tailored to your use case.",
  },
  note: privacyNote,
};
