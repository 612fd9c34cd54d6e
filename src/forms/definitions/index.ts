/** Every form definition by form id, plus the page variants of ContactSales. */
import type { FormId, FormVariant } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { BotdGenerateToken } from "./BotdGenerateToken";
import { ContactPartners } from "./ContactPartners";
import { ContactPress } from "./ContactPress";
import { ContactRoiCalculator } from "./ContactRoiCalculator";
import { ContactSales } from "./ContactSales";
import { ContactSalesSinglePane } from "./ContactSalesSinglePane";
import { ContactSupport } from "./ContactSupport";
import { GetDemo } from "./GetDemo";
import { NewsletterAnnoyingPopup, NewsletterBanner, NewsletterFooter } from "./newsletter";
import { RiskAssessment } from "./RiskAssessment";
import { Signup } from "./Signup";
import { WebinarForm } from "./WebinarForm";

export const definitions: Record<FormId, FormDefinition> = {
  Signup,
  ContactSales,
  GetDemo,
  ContactSupport,
  BotdGenerateToken,
  NewsletterBanner,
  NewsletterFooter,
  NewsletterAnnoyingPopup,
  ContactPress,
  ContactPartners,
  ContactRoiCalculator,
  WebinarForm,
};

export type { FormVariant } from "../../leads/forms";

export function definitionFor(id: FormId, variant?: FormVariant): FormDefinition {
  if (id === "ContactSales" && variant === "single-pane") return ContactSalesSinglePane;
  if (id === "ContactSales" && variant === "risk-assessment") return RiskAssessment;
  return definitions[id];
}
