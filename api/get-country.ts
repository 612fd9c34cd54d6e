// Vercel entry point for GET /api/get-country; the logic lives in src/server/integrations/geo.ts.
import { runOnVercel } from "../src/server/http/adapters";

export async function GET(request: Request): Promise<Response> {
  return runOnVercel("get-country", request);
}

export async function HEAD(request: Request): Promise<Response> {
  return runOnVercel("get-country", request);
}
