/** The lead-form contract shared by the browser and the functions: ids, endpoints and payload schemas. */
import { endpointSchemas, type LeadEndpoint } from "./payloads";

export * from "./fields";
export * from "./payloads";

export const formIds = [
  "Signup",
  "ContactSales",
  "GetDemo",
  "ContactSupport",
  "BotdGenerateToken",
  "NewsletterBanner",
  "NewsletterFooter",
  "NewsletterAnnoyingPopup",
  "ContactPress",
  "ContactPartners",
  "ContactRoiCalculator",
  "WebinarForm",
] as const;
export type FormId = (typeof formIds)[number];

export const leadEndpoints = Object.keys(endpointSchemas) as LeadEndpoint[];

/**
 * Where each form posts. Signup and the BotD token request are leads for the sales team, so they
 * use the contact payload with `name` = the form id. The contact-sales single-pane test and the
 * risk assessment are variants of ContactSales on their pages (see src/forms/definitions).
 */
export const formEndpoints: Record<FormId, LeadEndpoint> = {
  Signup: "/api/hubspot/",
  ContactSales: "/api/hubspot/",
  GetDemo: "/api/hubspot/",
  BotdGenerateToken: "/api/hubspot/",
  ContactSupport: "/api/hubspot-support/",
  NewsletterBanner: "/api/hubspot-newsletter/",
  NewsletterFooter: "/api/hubspot-newsletter/",
  NewsletterAnnoyingPopup: "/api/hubspot-newsletter/",
  ContactPress: "/api/hubspot-press/",
  ContactPartners: "/api/hubspot-partners/",
  ContactRoiCalculator: "/api/roi/",
  WebinarForm: "/api-webinar/",
};

export function isLeadEndpoint(path: string): path is LeadEndpoint {
  return Object.prototype.hasOwnProperty.call(endpointSchemas, path);
}
