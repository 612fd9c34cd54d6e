/** BotD token request: asks for a bot-detection API token, tied to the visitor id the page already knows. */
import { formShapes } from "../../leads/forms";
import type { FormDefinition } from "../types";
import { fieldsOf, workEmail } from "./shared";

const shape = formShapes.BotdGenerateToken;

export const BotdGenerateToken: FormDefinition = {
  id: "BotdGenerateToken",
  endpoint: shape.endpoint,
  context: "lead",
  fields: fieldsOf(shape, { email: workEmail }),
  submitLabel: "Email me a token",
  success: {
    title: "Check your inbox.",
    body: "We've sent your bot-detection token and a quick-start guide to the address you gave us.",
  },
};
