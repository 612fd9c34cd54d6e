// Vercel cron entry point (vercel.json "crons"): calls the build hook when the next scheduled entry falls due; the logic lives in src/server/schedule/.
import { internalError } from "../src/server/http/responses";
import { buildTriggerHandler } from "../src/server/schedule/runner";
import { withFunctionHeaders } from "../src/security/headers";

/** Its path is public, so it answers like every other function: the functions' headers, no stack. */
export async function GET(request: Request): Promise<Response> {
  try {
    return withFunctionHeaders(await buildTriggerHandler(request));
  } catch (error) {
    console.error("function build-trigger failed:", error);
    return withFunctionHeaders(internalError());
  }
}
