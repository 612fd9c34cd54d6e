// @vitest-environment node
// The CMS login's Netlify and Vercel entry points reach the shared handlers at the table's paths, under the
// functions' headers (Vercel serves /api/<name> itself, so vercel.json needs no rewrite for them).
import { describe, expect, it, vi } from "vitest";
import * as vercelAuth from "../../../../api/cms-auth";
import * as vercelCallback from "../../../../api/cms-callback";
import netlifyAuth, { config as authConfig } from "../../../../functions/cms-auth";
import netlifyCallback, { config as callbackConfig } from "../../../../functions/cms-callback";
import { functionNamed } from "../../../../src/server/functions";
import {
  CMS_AUTH_PATH,
  CMS_CALLBACK_PATH,
  functionPaths,
} from "../../../../src/server/functionPaths";

const SITE = "https://www.example.com";

describe("the CMS login's entry points", () => {
  it("are routed at both spellings of the table's paths, which Vercel serves from api/ as they are", () => {
    expect(authConfig.path).toEqual(functionPaths(functionNamed("cms-auth")));
    expect(callbackConfig.path).toEqual(functionPaths(functionNamed("cms-callback")));
    expect([CMS_AUTH_PATH, CMS_CALLBACK_PATH]).toEqual(["/api/cms-auth", "/api/cms-callback"]);
    expect(Object.keys(vercelAuth)).toEqual(["GET"]);
    expect(Object.keys(vercelCallback)).toEqual(["GET"]);
  });

  it("answer 503 naming the settings when unset, with the functions' headers, on both hosts", async () => {
    vi.stubEnv("CMS_OAUTH_CLIENT_ID", "");
    vi.stubEnv("CMS_OAUTH_CLIENT_SECRET", "");
    const answers = [
      await netlifyAuth(new Request(`${SITE}/api/cms-auth`), {}),
      await netlifyCallback(new Request(`${SITE}/api/cms-callback?state=a&code=b`), {}),
      await vercelAuth.GET(new Request(`${SITE}/api/cms-auth`)),
      await vercelCallback.GET(new Request(`${SITE}/api/cms-callback`)),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
        /CMS_OAUTH_CLIENT_ID and CMS_OAUTH_CLIENT_SECRET/,
      );
    }
  });

  it("refuse other methods", async () => {
    const answer = await netlifyAuth(new Request(`${SITE}/api/cms-auth`, { method: "POST" }), {});
    expect([answer.status, answer.headers.get("allow")]).toEqual([405, "GET"]);
  });
});
