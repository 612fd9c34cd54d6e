// Vercel entry point for POST /amp-exp/ (rewritten here in vercel.json); the logic lives in src/server/integrations/amplitudeExposures.ts.
import { runOnVercel } from "../src/server/http/adapters";

export async function POST(request: Request): Promise<Response> {
  return runOnVercel("amp-exp", request);
}
