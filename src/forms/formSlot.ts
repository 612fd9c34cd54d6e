/** Which team answers each form, so a form section can always offer a working way to reach a person. */
import type { FormId } from "../leads/forms";
import { site } from "../config/site";

export const formTeamEmail: Record<FormId, string> = {
  Signup: site.emails.sales,
  ContactSales: site.emails.sales,
  GetDemo: site.emails.sales,
  ContactSupport: site.emails.support,
  BotdGenerateToken: site.emails.support,
  NewsletterBanner: site.emails.press,
  NewsletterFooter: site.emails.press,
  NewsletterAnnoyingPopup: site.emails.press,
  ContactPress: site.emails.press,
  ContactPartners: site.emails.partners,
  ContactRoiCalculator: site.emails.sales,
  WebinarForm: site.emails.sales,
};
