/**
 * The lead forms as plain data: each form's id, the endpoint it posts to and the fields its visitor sees, in
 * order. The form definitions (src/forms/definitions) take their endpoint and field list from here, and the
 * functions read the same table to know which fields a visitor can correct, so the two cannot drift.
 */
import type { LeadEndpoint } from "./endpoints";

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

/** Page-specific variants of a form: the contact-sales single-pane test and the risk assessment. */
export const formVariants = ["single-pane", "risk-assessment"] as const;
export type FormVariant = (typeof formVariants)[number];

/** What a form is, as far as the server is concerned. */
export type FormShape = {
  /** The endpoint it posts to. */
  endpoint: LeadEndpoint;
  /** The payload keys of the fields it shows, in their order on the page. */
  fields: readonly string[];
};

/** The contact lead's fields (ContactSales, GetDemo): email, job title, website, volume, free text. */
const contactLeadFields = ["email", "jobTitle", "url", "apiCallsQuestion", "description"] as const;
const newsletter = { endpoint: "/api/hubspot-newsletter/", fields: ["email"] } as const;

/**
 * Signup and the BotD token request are leads for the sales team, so they post the contact payload
 * with `name` = the form id; the newsletter placements differ only in their id.
 */
export const formShapes = {
  Signup: { endpoint: "/api/hubspot/", fields: ["email"] },
  ContactSales: { endpoint: "/api/hubspot/", fields: contactLeadFields },
  GetDemo: { endpoint: "/api/hubspot/", fields: contactLeadFields },
  ContactSupport: { endpoint: "/api/hubspot-support/", fields: ["email", "description"] },
  BotdGenerateToken: { endpoint: "/api/hubspot/", fields: ["email"] },
  NewsletterBanner: newsletter,
  NewsletterFooter: newsletter,
  NewsletterAnnoyingPopup: newsletter,
  ContactPress: { endpoint: "/api/hubspot-press/", fields: ["email", "message"] },
  ContactPartners: {
    endpoint: "/api/hubspot-partners/",
    fields: ["name", "company", "email", "message"],
  },
  ContactRoiCalculator: { endpoint: "/api/roi/", fields: ["email"] },
  WebinarForm: {
    endpoint: "/api-webinar/",
    fields: ["firstName", "lastName", "email", "company", "jobTitle", "requestDemo"],
  },
} as const satisfies Record<FormId, FormShape>;

/** The variants, each of ContactSales: its own endpoint and a field list of its own. */
export const variantShapes = {
  "single-pane": {
    form: "ContactSales",
    endpoint: "/api/hubspot-single-pane/",
    fields: ["email", "url", "description"],
  },
  "risk-assessment": {
    form: "ContactSales",
    endpoint: "/risk/",
    fields: ["email", "primary_risk_concern", "estimated_website_traffic", "message"],
  },
} as const satisfies Record<FormVariant, FormShape & { form: FormId }>;

/** Every form the site can show (each id, then each variant), with the id its payload names it by. */
export const allFormShapes: readonly (FormShape & { id: FormId })[] = [
  ...formIds.map((id) => ({ id, ...formShapes[id] })),
  ...formVariants.map((variant) => {
    const { form, ...shape } = variantShapes[variant];
    return { id: form, ...shape };
  }),
];
