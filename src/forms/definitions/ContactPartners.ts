/** Partners: agencies, resellers and technology partners introducing themselves. */
import { formShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { fieldsOf, workEmail } from "./shared";

const shape = formShapes.ContactPartners;

export const ContactPartners: FormDefinition = {
  id: "ContactPartners",
  endpoint: shape.endpoint,
  context: "none",
  fields: fieldsOf(shape, {
    name: {
      label: "Your name",
      kind: "text",
      required: true,
      autoComplete: "name",
      width: "half",
    },
    company: {
      label: "Company",
      kind: "text",
      required: true,
      autoComplete: "organization",
      width: "half",
    },
    email: workEmail,
    message: { label: "How would you like to partner?", kind: "textarea", required: true },
  }),
  submitLabel: "Contact partnerships",
  success: {
    title: "Thanks for reaching out.",
    body: "Our partnerships team will reply within two business days with next steps.",
  },
};
