/** One strict zod schema per lead payload kind, exactly the fields each lead carries (plus the honeypot). */
import { z } from "zod";
import {
  LIMITS,
  boundedNumber,
  email,
  honeypot,
  optionalText,
  requiredText,
  sitePath,
  trackingContext,
  webUrl,
  messages,
} from "./fields";
import type { LeadEndpoint } from "./endpoints";
import type { FormId } from "./forms";

/** The forms whose payload is the contact/lead shape; `name` says which one sent it. */
export const contactFormNames = [
  "ContactSales",
  "GetDemo",
  "Signup",
  "BotdGenerateToken",
] as const satisfies readonly FormId[];

export { apiCallsOptions, riskConcerns, trafficBands } from "./options";
import { apiCallsOptions, riskConcerns, trafficBands } from "./options";

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as [T[number]["value"], ...T[number]["value"][]];

export const contactPayload = z.strictObject({
  name: z.enum(contactFormNames, { error: "Unknown form." }),
  email,
  url: webUrl.optional(),
  description: optionalText(LIMITS.message),
  // The select's values, or "" while the visitor has not chosen one.
  apiCallsQuestion: z
    .union([z.enum(values(apiCallsOptions)), z.literal("")], { error: messages.choice })
    .optional(),
  jobTitle: optionalText(),
  landingPage: sitePath,
  previousPage: sitePath,
  ...trackingContext,
  ...honeypot,
});

export const newsletterPayload = z.strictObject({
  email,
  ...trackingContext,
  ...honeypot,
});

export const supportPayload = z.strictObject({
  email,
  description: requiredText(LIMITS.message),
  ...trackingContext,
  ...honeypot,
});

export const pressPayload = z.strictObject({
  email,
  message: requiredText(LIMITS.message),
  ...trackingContext,
  ...honeypot,
});

export const partnersPayload = z.strictObject({
  email,
  name: requiredText(),
  company: requiredText(),
  message: requiredText(LIMITS.message),
  ...honeypot,
});

export { roiFields } from "./roiFields";
import { roiFields } from "./roiFields";

const MONEY_MAX = 1_000_000_000_000;

export const roiPayload = z.strictObject({
  email,
  [roiFields.fraudLoss]: boundedNumber(0, MONEY_MAX),
  [roiFields.averageTransaction]: boundedNumber(0, 10_000_000),
  [roiFields.chargebackRate]: boundedNumber(0, 100),
  [roiFields.estimatedCost]: boundedNumber(0, MONEY_MAX),
  [roiFields.estimatedSaving]: boundedNumber(-MONEY_MAX, MONEY_MAX),
  [roiFields.transactionsPerMonth]: boundedNumber(0, 10_000_000_000),
  ...trackingContext,
  ...honeypot,
});

export const riskPayload = z.strictObject({
  email,
  message: optionalText(LIMITS.message),
  primary_risk_concern: z.enum(values(riskConcerns), { error: messages.choice }),
  estimated_website_traffic: z.enum(values(trafficBands), { error: messages.choice }),
  ...trackingContext,
  ...honeypot,
});

/** HubSpot form GUIDs look like UUIDs; the server still checks the value against its allowlist. */
const hubspotFormId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: "Unknown webinar form.",
  });

export const webinarPayload = z.strictObject({
  email,
  firstName: requiredText(),
  lastName: requiredText(),
  company: requiredText(),
  jobTitle: optionalText(),
  hubspotFormId,
  formName: requiredText(),
  requestDemo: z.boolean({ error: "Expected yes or no." }),
  ...trackingContext,
  ...honeypot,
});

/** Every endpoint that takes a lead, with the payload it accepts. */
export const endpointSchemas = {
  "/api/hubspot/": contactPayload,
  "/api/hubspot-single-pane/": contactPayload,
  "/api/hubspot-newsletter/": newsletterPayload,
  "/api/hubspot-support/": supportPayload,
  "/api/hubspot-press/": pressPayload,
  "/api/hubspot-partners/": partnersPayload,
  "/api/roi/": roiPayload,
  "/risk/": riskPayload,
  "/api-webinar/": webinarPayload,
} as const satisfies Record<LeadEndpoint, z.ZodType>;
