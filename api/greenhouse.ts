// Vercel entry point for GET /greenhouse/ (rewritten here in vercel.json); the logic lives in src/server/integrations/greenhouse.ts.
import { runOnVercel } from "../src/server/http/adapters";

/** Vercel calls this with the rewritten URL (/api/greenhouse); the query string is kept as sent. */
export async function GET(request: Request): Promise<Response> {
  return runOnVercel("greenhouse", request);
}

export async function HEAD(request: Request): Promise<Response> {
  return runOnVercel("greenhouse", request);
}
