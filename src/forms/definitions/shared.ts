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

/** The schemas arrive on submit, in their own chunk: zod never weighs on a page's first load. */
const payloads = () => import(/* webpackChunkName: "form-schemas" */ "../schemas/payloads");

export const schemas = {
  contact: () => payloads().then((module) => module.contactPayload),
  newsletter: () => payloads().then((module) => module.newsletterPayload),
  support: () => payloads().then((module) => module.supportPayload),
  press: () => payloads().then((module) => module.pressPayload),
  partners: () => payloads().then((module) => module.partnersPayload),
  roi: () => payloads().then((module) => module.roiPayload),
  risk: () => payloads().then((module) => module.riskPayload),
  webinar: () => payloads().then((module) => module.webinarPayload),
};

export const privacyNote =
  "We use these details only to answer you. See the privacy policy for how long we keep them.";
