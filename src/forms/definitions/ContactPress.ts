/** Press: media enquiries for the communications team. */
import { formShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { fieldsOf, workEmail } from "./shared";

const shape = formShapes.ContactPress;

export const ContactPress: FormDefinition = {
  id: "ContactPress",
  endpoint: shape.endpoint,
  context: "tracking",
  fields: fieldsOf(shape, {
    email: { ...workEmail, label: "Email" },
    message: {
      label: "Your enquiry",
      kind: "textarea",
      required: true,
      hint: "Your publication, topic and deadline help us reply in time.",
    },
  }),
  submitLabel: "Send enquiry",
  success: {
    title: "Thanks, the press team has your enquiry.",
    body: "We reply to media requests within one business day, sooner when you mention a deadline.",
  },
};
