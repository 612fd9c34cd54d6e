// Vercel entry point for GET /api/cms-callback (the CMS login: GitHub's way back, the token handed to the admin); the logic lives in src/server/cms/githubOAuth.ts.
import { runOnVercel } from "../src/server/http/adapters";

export async function GET(request: Request): Promise<Response> {
  return runOnVercel("cms-callback", request);
}
