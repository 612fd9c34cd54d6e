// Netlify entry point for GET /fp/agent (the Fingerprint agent loader, first-party); the logic lives in src/server/integrations/fingerprint/proxy.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("fp-agent", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/fp/agent", "/fp/agent/"] };
