// Vercel entry point for POST and GET /fp/result (identification requests, first-party; rewritten here in vercel.json); the logic lives in src/server/integrations/fingerprint/proxy.ts.
import { runOnVercel } from "../src/server/http/adapters";

export async function POST(request: Request): Promise<Response> {
  return runOnVercel("fp-result", request);
}

export async function GET(request: Request): Promise<Response> {
  return runOnVercel("fp-result", request);
}
