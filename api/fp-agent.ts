// Vercel entry point for GET /fp/agent (the Fingerprint agent loader, first-party; rewritten here in vercel.json); the logic lives in src/server/integrations/fingerprint/proxy.ts.
import { runOnVercel } from "../src/server/http/adapters";

export async function GET(request: Request): Promise<Response> {
  return runOnVercel("fp-agent", request);
}
