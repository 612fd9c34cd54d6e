// Netlify entry point for GET /fp/events/{requestId} (direct-mode bot result); the logic lives in src/server/integrations/fingerprint/events.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("fp-events-direct", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/fp/events/:requestId", "/fp/events/:requestId/"] };
