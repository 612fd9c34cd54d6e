/** ROI calculator: the email that receives the estimate; the calculator adds the six roi_* values. */
import type { FormDefinition } from "../types";
import { workEmail } from "./shared";

export const ContactRoiCalculator: FormDefinition = {
  id: "ContactRoiCalculator",
  endpoint: "/api/roi/",
  context: "tracking",
  fields: [workEmail],
  submitLabel: "Email me this estimate",
  success: {
    title: "Your estimate is on its way.",
    body: "We've emailed you these figures. A specialist may follow up to check the assumptions against your own data.",
  },
};
