// Netlify entry point for GET /api/get-country; the logic lives in src/server/integrations/geo.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("get-country", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/api/get-country", "/api/get-country/"] };
