// Netlify entry point for GET /fp/v4/ (bot and VM result of an identification request); the logic lives in src/server/integrations/fingerprint/events.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("fp-events", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/fp/v4", "/fp/v4/"] };
