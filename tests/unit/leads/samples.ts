// A valid body for every lead endpoint, as the site's forms send them (shared by the lead tests).
import type { LeadEndpoint } from "../../../src/leads/endpoints";
import { roiFields } from "../../../src/leads/roiFields";

const context = {
  utm_info: {
    utm_source: "newsletter",
    utm_campaign: "spring",
    referral_url: "https://news.example/post",
  },
  visitorId: "aB3dE5fG7hI9jK1lM2nO",
  ipRegion: "EMEA",
};

export const validBodies: Record<LeadEndpoint, Record<string, unknown>> = {
  "/api/hubspot/": {
    name: "ContactSales",
    email: "ana.ruiz@example.org",
    url: "https://shop.example.com",
    description: "We see card testing on checkout.",
    apiCallsQuestion: "100k-1m",
    jobTitle: "Head of Risk",
    landingPage: "/pricing/",
    previousPage: "/blog/",
    ...context,
  },
  "/api/hubspot-single-pane/": {
    name: "ContactSales",
    email: "ana.ruiz@example.org",
    url: "https://shop.example.com",
    description: "",
    apiCallsQuestion: "",
    jobTitle: "",
    landingPage: "/",
    previousPage: "",
    ...context,
  },
  "/api/hubspot-newsletter/": { email: "reader@example.org", ...context },
  "/api/hubspot-support/": {
    email: "dev@example.org",
    description: "The agent times out behind our proxy.",
    ...context,
  },
  "/api/hubspot-press/": {
    email: "writer@example.org",
    message: "Interview request for a feature on fraud.",
    ...context,
  },
  "/api/hubspot-partners/": {
    email: "bd@example.org",
    name: "Sam Lee",
    company: "Integrator Co",
    message: "We resell risk tooling.",
  },
  "/api/roi/": {
    email: "cfo@example.org",
    [roiFields.fraudLoss]: 250000,
    [roiFields.averageTransaction]: 80,
    [roiFields.chargebackRate]: 0.8,
    [roiFields.estimatedCost]: 12000,
    [roiFields.estimatedSaving]: 140000,
    [roiFields.transactionsPerMonth]: 50000,
    ...context,
  },
  "/risk/": {
    email: "risk@example.org",
    message: "Mostly bots on login.",
    primary_risk_concern: "account_takeover",
    estimated_website_traffic: "100k_1m",
    ...context,
  },
  "/api-webinar/": {
    email: "viewer@example.org",
    firstName: "Ana",
    lastName: "Ruiz",
    company: "Shop Example",
    jobTitle: "Analyst",
    hubspotFormId: "3f2a9c1e-7b4d-4e2a-9c0f-5d8e1a2b3c4d",
    formName: "Credential stuffing in 2025",
    requestDemo: false,
    ...context,
  },
};
