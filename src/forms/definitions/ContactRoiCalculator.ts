/** ROI calculator: the email that receives the estimate; the calculator adds the six roi_* values. */
import { formShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { fieldsOf, workEmail } from "./shared";

const shape = formShapes.ContactRoiCalculator;

export const ContactRoiCalculator: FormDefinition = {
  id: "ContactRoiCalculator",
  endpoint: shape.endpoint,
  context: "tracking",
  fields: fieldsOf(shape, { email: workEmail }),
  submitLabel: "Email me this estimate",
  success: {
    title: "Your estimate is on its way.",
    body: "We've emailed you these figures. A specialist may follow up to check the assumptions against your own data.",
  },
};
