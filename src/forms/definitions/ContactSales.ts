/** Contact sales: the lead form of /contact-sales/ (both A/B variants) and the sector pages. */
import type { FormDefinition } from "../types";
import { contactLead, contactLeadCopy } from "./contactLead";

/** Its fields' copy, which the single-pane variant shows a part of. */
export const contactSalesCopy = contactLeadCopy({
  label: "What would you like to solve?",
  hint: "A sentence or two about the fraud or friction you see helps us bring the right specialist.",
});

export const ContactSales: FormDefinition = contactLead({
  id: "ContactSales",
  copy: contactSalesCopy,
  submitLabel: "Talk to sales",
  success: {
    title: "Thanks, your message is with our sales team.",
    body: "A specialist for your region will email you within one business day to find a time that suits you.",
  },
});
