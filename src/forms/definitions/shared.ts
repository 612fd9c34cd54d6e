/** Fields and helpers several definitions share, so each form file stays a short list of copy. */
import type { FieldDefinition } from "../types";

/** The choices live beside the schema that checks them, so the form and the server cannot drift. */
export { apiCallsOptions } from "../../leads/options";

/** What a definition says about one field: everything but its payload key, which the form's shape names. */
export type FieldCopy = Omit<FieldDefinition, "name">;

/**
 * A form's fields in the order its shape lists them (src/leads/forms.ts), each with the copy given for its
 * key. The copy must name exactly the shape's keys (a missing or extra one does not compile), so the form a
 * visitor sees and the fields the server believes they saw are one list.
 */
export function fieldsOf<Key extends string>(
  shape: { readonly fields: readonly Key[] },
  copy: Readonly<Record<NoInfer<Key>, FieldCopy>>,
): FieldDefinition[] {
  return shape.fields.map((name) => ({ name, ...copy[name] }));
}

export const workEmail: FieldCopy = {
  label: "Work email",
  kind: "email",
  required: true,
  autoComplete: "email",
  placeholder: "name@company.com",
};

export const privacyNote =
  "We use these details only to answer you. See the privacy policy for how long we keep them.";
