/** Press: media enquiries for the communications team. */
import type { FormDefinition } from "../types";
import { workEmail } from "./shared";

export const ContactPress: FormDefinition = {
  id: "ContactPress",
  endpoint: "/api/hubspot-press/",
  context: "tracking",
  fields: [
    { ...workEmail, label: "Email" },
    {
      name: "message",
      label: "Your enquiry",
      kind: "textarea",
      required: true,
      hint: "Your publication, topic and deadline help us reply in time.",
    },
  ],
  submitLabel: "Send enquiry",
  success: {
    title: "Thanks, the press team has your enquiry.",
    body: "We reply to media requests within one business day, sooner when you mention a deadline.",
  },
};
