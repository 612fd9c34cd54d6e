// Vercel cron entry point (vercel.json "crons"): runs the lead delivery worker; the logic lives in src/server/leads/workerRunner.ts.
import { internalError } from "../src/server/http/responses";
import { leadsWorkerHandler } from "../src/server/leads/workerRunner";
import { withFunctionHeaders } from "../src/security/headers";

/** Its path is public, so it answers like every other function: the functions' headers, no stack. */
export async function GET(request: Request): Promise<Response> {
  try {
    return withFunctionHeaders(await leadsWorkerHandler(request));
  } catch (error) {
    console.error("function leads-worker failed:", error);
    return withFunctionHeaders(internalError());
  }
}
