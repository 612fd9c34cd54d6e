/** Newsletter sign-up, one definition per placement (banner, footer, popup): one email field, the monthly digest. */
import { formShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { fieldsOf, workEmail } from "./shared";

type NewsletterId = "NewsletterBanner" | "NewsletterFooter" | "NewsletterAnnoyingPopup";

/** The placements differ only in their id, which tells the lead where the visitor subscribed. */
export function newsletterForm(id: NewsletterId): FormDefinition {
  return {
    id,
    endpoint: formShapes[id].endpoint,
    context: "tracking",
    fields: fieldsOf(formShapes[id], {
      email: { ...workEmail, label: "Email", placeholder: "you@company.com" },
    }),
    submitLabel: "Subscribe",
    success: {
      title: "You're subscribed.",
      body: "The next monthly digest of fraud research and product news will arrive in your inbox. Every email has a one-click unsubscribe link.",
    },
  };
}

export const NewsletterBanner = newsletterForm("NewsletterBanner");
export const NewsletterFooter = newsletterForm("NewsletterFooter");
export const NewsletterAnnoyingPopup = newsletterForm("NewsletterAnnoyingPopup");
