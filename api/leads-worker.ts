// Vercel entry point of the lead worker (vercel.json "crons" GETs it; a drain whose time is up POSTs to it); the logic lives in src/server/leads/workerRunner.ts.
import { internalError } from "../src/server/http/responses";
import { leadsWorkerHandler, type VercelContext } from "../src/server/leads/workerRunner";
import { withFunctionHeaders } from "../src/security/headers";

/** Its path is public, so it answers like every other function: the functions' headers, no stack. */
async function handle(request: Request, context?: VercelContext): Promise<Response> {
  try {
    return withFunctionHeaders(await leadsWorkerHandler(context)(request));
  } catch (error) {
    console.error("function leads-worker failed:", error);
    return withFunctionHeaders(internalError());
  }
}

export { handle as GET, handle as POST };
