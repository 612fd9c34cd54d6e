// Vercel entry point for POST /risk/ (a lead form); the logic lives in src/server/leads/handler.ts.
import { runOnVercel, type VercelContext } from "../src/server/http/adapters";

const handle = (request: Request, context?: VercelContext): Promise<Response> =>
  runOnVercel("risk", request, context);

// Every method Vercel dispatches reaches the handler, so the wrong ones get our JSON 405 with Allow
// rather than Vercel's own bare 405.
export {
  handle as POST,
  handle as GET,
  handle as HEAD,
  handle as PUT,
  handle as PATCH,
  handle as DELETE,
  handle as OPTIONS,
};
