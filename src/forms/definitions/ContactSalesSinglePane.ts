/** The contact-sales single-pane test: the same lead, one short pane, its own endpoint. */
import { variantShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { ContactSales, contactSalesCopy } from "./ContactSales";
import { fieldsOf } from "./shared";

const shape = variantShapes["single-pane"];

export const ContactSalesSinglePane: FormDefinition = {
  ...ContactSales,
  endpoint: shape.endpoint,
  fields: fieldsOf(shape, contactSalesCopy),
};
