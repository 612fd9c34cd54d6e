/** Support: a question for the engineers who answer tickets. */
import { formShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { fieldsOf, workEmail } from "./shared";

const shape = formShapes.ContactSupport;

export const ContactSupport: FormDefinition = {
  id: "ContactSupport",
  endpoint: shape.endpoint,
  context: "tracking",
  fields: fieldsOf(shape, {
    email: workEmail,
    description: {
      label: "How can we help?",
      kind: "textarea",
      required: true,
      hint: "Include your request id or visitor id if you have one, and what you expected to happen.",
    },
  }),
  submitLabel: "Send to support",
  success: {
    title: "Your request is in the support queue.",
    body: "An engineer will reply by email, usually within one business day. Customers on a support plan get their plan's response time.",
  },
};
