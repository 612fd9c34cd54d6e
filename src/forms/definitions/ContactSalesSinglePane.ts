/** The contact-sales single-pane test: the same lead, one short pane, its own endpoint. */
import type { FormDefinition } from "../types";
import { ContactSales } from "./ContactSales";

export const ContactSalesSinglePane: FormDefinition = {
  ...ContactSales,
  endpoint: "/api/hubspot-single-pane/",
  fields: ContactSales.fields.filter(
    (field) => field.name === "email" || field.name === "url" || field.name === "description",
  ),
};
