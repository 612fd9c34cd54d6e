/** Signup: the email that starts a free trial; the success step offers the ways to create the account. */
import { signupNextStep } from "../../config/signup";
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
  // The next step's options depend on the build's configuration (single sign-on needs {api}).
  note: signupNextStep(),
};
