// Netlify entry point for GET /fp/visits/ (a visitor's recent visits; Netlify cannot route by header, so the site uses this fixed path there: GATSBY_FPJS_VISITS_PATH=/fp/visits/); the logic lives in src/server/integrations/fingerprint/events.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("fp-visits", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/fp/visits", "/fp/visits/"] };
