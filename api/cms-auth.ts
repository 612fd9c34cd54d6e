// Vercel entry point for GET /api/cms-auth (the CMS login: to GitHub with a state bound to the browser); the logic lives in src/server/cms/githubOAuth.ts.
import { runOnVercel } from "../src/server/http/adapters";

export async function GET(request: Request): Promise<Response> {
  return runOnVercel("cms-auth", request);
}
