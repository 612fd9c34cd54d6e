/** BotD token request: asks for a bot-detection API token, tied to the visitor id the page already knows. */
import type { FormDefinition } from "../types";
import { workEmail } from "./shared";

export const BotdGenerateToken: FormDefinition = {
  id: "BotdGenerateToken",
  endpoint: "/api/hubspot/",
  context: "lead",
  fields: [workEmail],
  submitLabel: "Email me a token",
  success: {
    title: "Check your inbox.",
    body: "We've sent your bot-detection token and a quick-start guide to the address you gave us.",
  },
};
