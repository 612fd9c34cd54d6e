// Netlify entry point for GET /api/cms-auth (the CMS login: to GitHub with a state bound to the browser); the logic lives in src/server/cms/githubOAuth.ts.
import { runOnNetlify, type NetlifyContext } from "../src/server/http/adapters";

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  runOnNetlify("cms-auth", request, context);

// Netlify reads this statically at deploy time, so it must stay a literal.
export const config = { path: ["/api/cms-auth", "/api/cms-auth/"] };
