// Netlify entry point for GET /greenhouse/; the logic lives in src/server/integrations/greenhouse.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("greenhouse", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/greenhouse", "/greenhouse/"] };
