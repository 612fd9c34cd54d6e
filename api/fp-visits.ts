// Vercel entry point for GET /fp/visits/ (rewritten here in vercel.json); the logic lives in src/server/integrations/fingerprint/events.ts.
import { runOnVercel } from "../src/server/http/adapters";

export async function GET(request: Request): Promise<Response> {
  return runOnVercel("fp-visits", request);
}
