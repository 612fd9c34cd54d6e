// Netlify entry point for POST /api/hubspot-press/ (a lead form); the logic lives in src/server/leads/handler.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("hubspot-press", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/api/hubspot-press", "/api/hubspot-press/"] };
