/** Signup: the email that starts a free trial; the success step offers the ways to create the account. */
import { signupNextStep } from "../../config/signup";
import { formShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { fieldsOf, workEmail } from "./shared";

const shape = formShapes.Signup;

export const Signup: FormDefinition = {
  id: "Signup",
  endpoint: shape.endpoint,
  context: "lead",
  fields: fieldsOf(shape, { email: workEmail }),
  submitLabel: "Start free trial",
  success: {
    title: "Almost there.",
    body: "Choose how you'd like to create your account.",
  },
  // The next step's options depend on the build's configuration (single sign-on needs {api}).
  note: signupNextStep(),
};
