// Netlify entry point for POST /api/hubspot-support/ (a lead form); the logic lives in src/server/leads/handler.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("hubspot-support", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/api/hubspot-support", "/api/hubspot-support/"] };
