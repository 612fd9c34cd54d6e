/** Fields and schema loaders several definitions share, so each form file stays a short list. */
import type { FieldDefinition } from "../types";

export const workEmail: FieldDefinition = {
  name: "email",
  label: "Work email",
  kind: "email",
  required: true,
  autoComplete: "email",
  placeholder: "name@company.com",
};

/** The schemas arrive on submit, in their own chunk: zod never weighs on a page's first load. */
export const schemas = {
  contact: () => import("../schemas/payloads").then((module) => module.contactPayload),
  newsletter: () => import("../schemas/payloads").then((module) => module.newsletterPayload),
  support: () => import("../schemas/payloads").then((module) => module.supportPayload),
  press: () => import("../schemas/payloads").then((module) => module.pressPayload),
  partners: () => import("../schemas/payloads").then((module) => module.partnersPayload),
  roi: () => import("../schemas/payloads").then((module) => module.roiPayload),
  risk: () => import("../schemas/payloads").then((module) => module.riskPayload),
  webinar: () => import("../schemas/payloads").then((module) => module.webinarPayload),
};

export const apiCallsOptions = [
  { value: "under-100k", label: "Fewer than 100,000" },
  { value: "100k-1m", label: "100,000 – 1 million" },
  { value: "1m-10m", label: "1 – 10 million" },
  { value: "over-10m", label: "More than 10 million" },
  { value: "unsure", label: "Not sure yet" },
] as const;

export const privacyNote =
  "We use these details only to answer you. See the privacy policy for how long we keep them.";
