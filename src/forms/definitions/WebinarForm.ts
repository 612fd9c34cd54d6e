/** Webinar registration: the webinar page supplies its HubSpot form id and name. */
import type { FormDefinition } from "../types";
import { workEmail } from "./shared";

export const WebinarForm: FormDefinition = {
  id: "WebinarForm",
  endpoint: "/api-webinar/",
  context: "tracking",
  fields: [
    {
      name: "firstName",
      label: "First name",
      kind: "text",
      required: true,
      autoComplete: "given-name",
      width: "half",
    },
    {
      name: "lastName",
      label: "Last name",
      kind: "text",
      required: true,
      autoComplete: "family-name",
      width: "half",
    },
    { ...workEmail, width: "half" },
    {
      name: "company",
      label: "Company",
      kind: "text",
      required: true,
      autoComplete: "organization",
      width: "half",
    },
    { name: "jobTitle", label: "Job title", kind: "text", autoComplete: "organization-title" },
    { name: "requestDemo", label: "I'd also like a short product demo", kind: "checkbox" },
  ],
  submitLabel: "Register",
  success: {
    title: "You're registered.",
    body: "We've emailed you the joining link and a calendar invitation. The recording follows after the session.",
  },
};
