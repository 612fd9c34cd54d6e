// Vercel entry point for POST /api/hubspot-partners/ (a lead form); the logic lives in src/server/handlers/leads.ts.
import { runOnVercel } from "../src/server/adapters";

export async function POST(request: Request): Promise<Response> {
  return runOnVercel("hubspot-partners", request);
}
