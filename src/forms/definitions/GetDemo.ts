/** Get a demo: a guided walkthrough request, sent as a contact lead named GetDemo. */
import type { FormDefinition } from "../types";
import { contactLead, contactLeadCopy } from "./contactLead";

export const GetDemo: FormDefinition = contactLead({
  id: "GetDemo",
  copy: contactLeadCopy({ label: "What should the demo cover?" }),
  submitLabel: "Request a demo",
  success: {
    title: "Demo requested.",
    body: "We'll email you within one business day with times for a 30-minute walkthrough tailored to your use case.",
  },
});
