// Netlify entry point for GET /api/cms-callback (the CMS login: GitHub's way back, the token handed to the admin); the logic lives in src/server/cms/githubOAuth.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("cms-callback", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/api/cms-callback", "/api/cms-callback/"] };
