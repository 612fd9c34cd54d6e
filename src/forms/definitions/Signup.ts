/** Signup: the email that starts a free trial; the success step offers the ways to create the account. */
import type { FormDefinition } from "../types";
import { workEmail } from "./shared";

export const Signup: FormDefinition = {
  id: "Signup",
  endpoint: "/api/hubspot/",
  context: "lead",
  fields: [workEmail],
  submitLabel: "Start free trial",
  success: {
    title: "Almost there.",
    body: "Choose how you'd like to create your account.",
  },
  note: "No credit card needed. We'll only email you about your trial.",
};
