/** Partners: agencies, resellers and technology partners introducing themselves. */
import type { FormDefinition } from "../types";
import { workEmail } from "./shared";

export const ContactPartners: FormDefinition = {
  id: "ContactPartners",
  endpoint: "/api/hubspot-partners/",
  context: "none",
  fields: [
    {
      name: "name",
      label: "Your name",
      kind: "text",
      required: true,
      autoComplete: "name",
      width: "half",
    },
    {
      name: "company",
      label: "Company",
      kind: "text",
      required: true,
      autoComplete: "organization",
      width: "half",
    },
    workEmail,
    { name: "message", label: "How would you like to partner?", kind: "textarea", required: true },
  ],
  submitLabel: "Contact partnerships",
  success: {
    title: "Thanks for reaching out.",
    body: "Our partnerships team will reply within two business days with next steps.",
  },
};
