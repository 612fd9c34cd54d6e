// Netlify entry point for POST /amp-exp/ (experiment exposures); the logic lives in src/server/integrations/amplitudeExposures.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("amp-exp", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/amp-exp", "/amp-exp/"] };
