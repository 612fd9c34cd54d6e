/** Newsletter sign-up (NewsletterBanner placement): one email field, the monthly digest. */
import type { FormDefinition } from "../types";
import { schemas, workEmail } from "./shared";

export const NewsletterBanner: FormDefinition = {
  id: "NewsletterBanner",
  endpoint: "/api/hubspot-newsletter/",
  context: "tracking",
  schema: schemas.newsletter,
  fields: [{ ...workEmail, label: "Email", placeholder: "you@company.com" }],
  submitLabel: "Subscribe",
  success: {
    title: "You're subscribed.",
    body: "The next monthly digest of fraud research and product news will arrive in your inbox. Every email has a one-click unsubscribe link.",
  },
};
