// Vercel entry point for GET /fp/events/{requestId} (direct-mode bot result; vercel.json passes the id as ?requestId=); the logic lives in src/server/integrations/fingerprint/events.ts.
import { runOnVercel } from "../src/server/http/adapters";

export async function GET(request: Request): Promise<Response> {
  return runOnVercel("fp-events-direct", request);
}
