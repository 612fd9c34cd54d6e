/** Fields and schema loaders several definitions share, so each form file stays a short list. */
import type { FieldDefinition } from "../types";

/** The choices live beside the schema that checks them, so the form and the server cannot drift. */
export { apiCallsOptions } from "../schemas/options";

export const workEmail: FieldDefinition = {
  name: "email",
  label: "Work email",
  kind: "email",
  required: true,
  autoComplete: "email",
  placeholder: "name@company.com",
};

export const privacyNote =
  "We use these details only to answer you. See the privacy policy for how long we keep them.";
