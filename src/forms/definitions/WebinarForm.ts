/** Webinar registration: the webinar page supplies its HubSpot form id and name. */
import { formShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { fieldsOf, workEmail } from "./shared";

const shape = formShapes.WebinarForm;

export const WebinarForm: FormDefinition = {
  id: "WebinarForm",
  endpoint: shape.endpoint,
  context: "tracking",
  fields: fieldsOf(shape, {
    firstName: {
      label: "First name",
      kind: "text",
      required: true,
      autoComplete: "given-name",
      width: "half",
    },
    lastName: {
      label: "Last name",
      kind: "text",
      required: true,
      autoComplete: "family-name",
      width: "half",
    },
    email: { ...workEmail, width: "half" },
    company: {
      label: "Company",
      kind: "text",
      required: true,
      autoComplete: "organization",
      width: "half",
    },
    jobTitle: { label: "Job title", kind: "text", autoComplete: "organization-title" },
    requestDemo: { label: "I'd also like a short product demo", kind: "checkbox" },
  }),
  submitLabel: "Register",
  success: {
    title: "You're registered.",
    body: "We've emailed you the joining link and a calendar invitation. The recording follows after the session.",
  },
};
