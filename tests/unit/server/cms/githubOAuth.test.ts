// @vitest-environment node
// The CMS login's two functions against the fake GitHub on loopback: the state cookie, the redirect, the rule
// that nothing but a state this browser was given (once, within ten minutes) reaches the token endpoint or the
// App's budget, and a GitHub App's login beside the OAuth App's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readCmsOAuthEnv } from "../../../../src/server/env";
import {
  createCmsAuthHandler,
  createCmsCallbackHandler,
  TEXTS,
  type CmsOAuthDeps,
} from "../../../../src/server/cms/githubOAuth";
import { functionNamed, runFunction } from "../../../../src/server/functions";
import { issueState, STATE_COOKIE } from "../../../../src/server/cms/oauthState";
import { recommendedApp } from "../../../support/fakes/github/app";
import type { Meter } from "../../../../src/server/integrations/secretMeter";
import { startFakeGitHub, type FakeGitHub } from "../../../support/fakes/github";
import { createSourceRepository, type SourceRepository } from "../../../support/fakes/github/source";
import { pageResult } from "./support/loginPage";

const SITE = "http://127.0.0.1:9000";
const APP = {
  clientId: "Ov23cmsclient0001",
  clientSecret: "cms-client-secret-0001",
  callbackUrl: "http://127.0.0.1/api/cms-callback",
};
/** The GitHub App, set up as docs/cms.md recommends, on the served repository. */
const GITHUB_APP = recommendedApp(
  {
    clientId: "Iv23cmsapp0001",
    clientSecret: "cms-app-secret-0001",
    callbackUrl: "http://127.0.0.1/api/cms-callback",
  },
  "acme/site",
);
let source: SourceRepository;
let github: FakeGitHub;
let spent: Set<string>;
let logged: string[];
/** Lead store folders the tests that use the real store made. */
const scratch: string[] = [];
const scratchDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

beforeAll(async () => {
  source = createSourceRepository((dir) => fs.writeFileSync(path.join(dir, "README.md"), "hi\n"));
  github = await startFakeGitHub({
    source: source.dir,
    repo: "acme/site",
    app: APP,
    githubApp: GITHUB_APP,
  });
});
afterAll(async () => {
  await github?.close();
  source?.remove();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  github.oauth.tokenRequests.length = 0;
  github.oauth.approve = true;
  spent = new Set();
  logged = [];
});

const noMeter: Meter = async () => null;
function deps(env: Record<string, string> = {}, extra: CmsOAuthDeps = {}): CmsOAuthDeps {
  return {
    env: () =>
      readCmsOAuthEnv({
        CMS_OAUTH_CLIENT_ID: APP.clientId,
        CMS_OAUTH_CLIENT_SECRET: APP.clientSecret,
        CMS_OAUTH_GITHUB_URL: github.origin,
        ...env,
      }),
    meter: noMeter,
    log: (line) => logged.push(line),
    spendState: async (state) => !spent.has(state) && Boolean(spent.add(state)),
    ...extra,
  };
}
const page = { accept: "text/html,application/xhtml+xml" };

/** Start, then the fake's authorize page: the callback URL GitHub sends the browser to, and the cookie. */
async function login(site = SITE, options: CmsOAuthDeps = deps()) {
  const started = await createCmsAuthHandler(options)(
    new Request(`${site}/api/cms-auth?provider=github&site_id=demo&scope=repo`, { headers: page }),
  );
  const setCookie = started.headers.get("set-cookie") ?? "";
  const approved = await fetch(started.headers.get("location") ?? "", { redirect: "manual" });
  return {
    started,
    setCookie,
    cookie: setCookie.split(";")[0] ?? "",
    back: new URL(approved.headers.get("location") ?? ""),
  };
}
const callback = (url: URL | string, cookie?: string, options: CmsOAuthDeps = deps()) =>
  createCmsCallbackHandler(options)(
    new Request(String(url), { headers: { ...page, ...(cookie ? { cookie } : {}) } }),
  );

describe("GET /api/cms-auth", () => {
  it("sends the editor to GitHub's authorize page with the app, the scope, the callback and a state", async () => {
    const { started } = await login();
    expect(started.status).toBe(302);
    const location = new URL(started.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe(`${github.origin}/login/oauth/authorize`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: APP.clientId,
      redirect_uri: `${SITE}/api/cms-callback`,
      scope: "repo",
      state: expect.stringMatching(/^[\w-]{43}$/),
      allow_signup: "false",
    });
    expect(started.headers.get("cache-control")).toBe("no-store");
  });

  it("names the https callback on a host even when the runtime hands it an http URL (Vercel's does), loopback as it is", async () => {
    const redirectOf = async (site: string) =>
      new URL((await login(site)).started.headers.get("location") ?? "").searchParams.get(
        "redirect_uri",
      );
    expect(await redirectOf("http://www.example.com")).toBe(
      "https://www.example.com/api/cms-callback",
    );
    expect(await redirectOf(SITE)).toBe(`${SITE}/api/cms-callback`);
  });

  it("binds the state to this browser: HttpOnly, SameSite=Lax, ten minutes, a __Host- cookie off loopback", async () => {
    const { started, setCookie } = await login();
    const state = new URL(started.headers.get("location") ?? "").searchParams.get("state");
    const [pair, ...attributes] = setCookie.split("; ");
    expect(pair?.startsWith(`${STATE_COOKIE}=${state}.`)).toBe(true);
    expect(attributes).toEqual(["Path=/", "Max-Age=600", "HttpOnly", "SameSite=Lax"]);
    // On https (and behind a host that hands the function an http URL): Secure, Path=/, no Domain.
    for (const site of ["https://www.example.com", "http://www.example.com"]) {
      const hosted = await login(site);
      const [hostedPair, ...hostedAttributes] = hosted.setCookie.split("; ");
      expect(hostedPair?.startsWith(`__Host-${STATE_COOKIE}=`)).toBe(true);
      expect(hostedAttributes).toEqual([
        "Path=/",
        "Max-Age=600",
        "HttpOnly",
        "SameSite=Lax",
        "Secure",
      ]);
    }
  });

  it("asks for public_repo when the site says so, and knows no other provider", async () => {
    const { started } = await login(SITE, deps({ CMS_OAUTH_SCOPE: "public_repo" }));
    expect(new URL(started.headers.get("location") ?? "").searchParams.get("scope")).toBe(
      "public_repo",
    );
    const other = await createCmsAuthHandler(deps())(
      new Request(`${SITE}/api/cms-auth?provider=gitlab`),
    );
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { code: "unknown_provider" } });
  });
});

describe("GET /api/cms-callback", () => {
  it("exchanges the code once the state matches, and answers the page that hands over GitHub's token", async () => {
    const { back, cookie } = await login();
    const answer = await callback(back, cookie);
    expect(answer.status).toBe(200);
    const token = [...github.oauth.tokens.keys()].at(-1);
    expect(github.tokenRequests).toEqual([
      { clientId: APP.clientId, code: back.searchParams.get("code"), outcome: "token" },
    ]);
    expect(pageResult(await answer.text()).message).toBe(
      `authorization:github:success:${JSON.stringify({ token, provider: "github" })}`,
    );
    expect(answer.headers.get("set-cookie")).toBe(
      `${STATE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it.each([
    ["a forged state", (back: URL) => back.searchParams.set("state", "x".repeat(43))],
    ["no state", (back: URL) => back.searchParams.delete("state")],
  ])("refuses %s and never calls the token endpoint", async (_name, change) => {
    const { back, cookie } = await login();
    change(back);
    const answer = await callback(back, cookie);
    expect(answer.status).toBe(400);
    expect(pageResult(await answer.text()).message).toBe(
      `authorization:github:error:${JSON.stringify({ message: TEXTS.badState })}`,
    );
    expect(github.tokenRequests).toEqual([]);
  });

  it("refuses a callback without the cookie, with a cookie signed by another secret, an old one, or two", async () => {
    const { back, cookie } = await login();
    const state = back.searchParams.get("state") ?? "";
    const forged = issueState("another-secret-000");
    const planted = `${STATE_COOKIE}=${forged.cookieValue.replace(/^[^.]+/, state)}`;
    const old = Date.now() + 11 * 60 * 1000;
    const other = await login();
    for (const answer of [
      await callback(back),
      await callback(back, planted),
      await callback(back, cookie, deps({}, { now: () => old })),
      // Ours and another valid one beside it: one browser holds one state, so neither is chosen.
      await callback(back, `${other.cookie}; ${cookie}`),
      await callback(back, `${cookie}; ${other.cookie}`),
    ]) {
      expect(answer.status).toBe(400);
    }
    expect(logged.map((line) => /\(([\w-]+)\)/.exec(line)?.[1])).toEqual([
      "missing-cookie",
      "forged-cookie",
      "expired",
      "several-cookies",
      "several-cookies",
    ]);
    expect(github.tokenRequests).toEqual([]);
  });

  it("refuses a replayed state, cookie and all, from the lead store's record, without calling the token endpoint", async () => {
    vi.stubEnv("LEADS_STORE_DIR", scratchDir("cms-state-"));
    vi.stubEnv("DATABASE_URL", "");
    const withStore = deps({}, { spendState: undefined });
    const { back, cookie } = await login(SITE, withStore);
    expect((await callback(back, cookie, withStore)).status).toBe(200);
    const again = await callback(back, cookie, withStore);
    expect(again.status).toBe(400);
    expect(logged).toContain("cms-callback: state refused (replayed); GitHub not asked");
    expect(github.tokenRequests.map((call) => call.outcome)).toEqual(["token"]);
  });

  it("tells the editor when they cancelled on GitHub, or GitHub refused the code or the app", async () => {
    github.oauth.approve = false;
    const cancelled = await login();
    const denied = await callback(cancelled.back, cancelled.cookie);
    expect([denied.status, pageResult(await denied.text()).error]).toEqual([400, TEXTS.cancelled]);
    github.oauth.approve = true;

    const stale = await login();
    stale.back.searchParams.set("code", "0123456789abcdef0123");
    const refused = await callback(stale.back, stale.cookie);
    expect([refused.status, pageResult(await refused.text()).error]).toEqual([
      400,
      TEXTS.expiredCode,
    ]);

    const wrong = deps({ CMS_OAUTH_CLIENT_SECRET: "not-the-app-secret" });
    const misconfigured = await login(SITE, wrong);
    const bad = await callback(misconfigured.back, misconfigured.cookie, wrong);
    expect([bad.status, pageResult(await bad.text()).error]).toEqual([502, TEXTS.misconfigured]);
    expect(logged.at(-1)).toMatch(/incorrect_client_credentials/);
    expect(github.tokenRequests.map((call) => call.outcome)).toEqual([
      "bad_verification_code",
      "incorrect_client_credentials",
    ]);
  });

  it("says GitHub could not be reached when it cannot be", async () => {
    const { back, cookie } = await login();
    const closed = deps({ CMS_OAUTH_GITHUB_URL: "http://127.0.0.1:9" });
    const answer = await callback(back, cookie, closed);
    expect([answer.status, pageResult(await answer.text()).error]).toEqual([
      502,
      TEXTS.unreachable,
    ]);
  });
});

describe("a GitHub App's login", () => {
  const appDeps = () =>
    deps({
      CMS_OAUTH_CLIENT_ID: GITHUB_APP.clientId,
      CMS_OAUTH_CLIENT_SECRET: GITHUB_APP.clientSecret,
      CMS_OAUTH_APP_KIND: "github-app",
    });

  it("asks for no scope, and hands the admin the user access token, never the refresh token", async () => {
    const options = appDeps();
    const { started, back, cookie } = await login(SITE, options);
    const authorize = new URL(started.headers.get("location") ?? "");
    expect(authorize.searchParams.get("client_id")).toBe(GITHUB_APP.clientId);
    expect(authorize.searchParams.has("scope")).toBe(false);
    const answer = await callback(back, cookie, options);
    expect(answer.status).toBe(200);
    const body = await answer.text();
    const [token, grant] = [...github.oauth.tokens.entries()].at(-1) ?? [];
    expect(token).toMatch(/^ghu_/);
    expect(grant?.app?.expiresAt).toBeGreaterThan(Date.now());
    expect(pageResult(body).message).toBe(
      `authorization:github:success:${JSON.stringify({ token, provider: "github" })}`,
    );
    expect(body).not.toMatch(/ghr_|refresh/);
    expect(logged.join("\n")).not.toMatch(/gh[ur]_/);
  });
});

describe("both functions", () => {
  it("answer 503 naming the settings when the login is not set up, as JSON or as the admin's message", async () => {
    const unset: CmsOAuthDeps = { env: () => readCmsOAuthEnv({}), meter: noMeter };
    for (const handler of [createCmsAuthHandler(unset), createCmsCallbackHandler(unset)]) {
      const json = await handler(new Request(`${SITE}/api/cms-x?state=a&code=b`));
      expect(json.status).toBe(503);
      const { error } = (await json.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe("not_configured");
      expect(error.message).toMatch(/CMS_OAUTH_CLIENT_ID and CMS_OAUTH_CLIENT_SECRET/);
      const shown = await handler(new Request(`${SITE}/api/cms-x`, { headers: page }));
      expect(shown.status).toBe(503);
      expect(pageResult(await shown.text()).message).toBe(
        `authorization:github:error:${JSON.stringify({ message: TEXTS.notSetUp })}`,
      );
    }
    expect(github.tokenRequests).toEqual([]);
  });

  it("spend the App's budget only on the token exchange: the start and every refused callback cost nothing", async () => {
    const asked: string[] = [];
    const full: Meter = async (fn) => {
      asked.push(fn);
      return new Response(
        JSON.stringify({ error: { code: "too_many_requests", message: "Too many." } }),
        {
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "30" },
        },
      );
    };
    const metered = deps({}, { meter: full });
    const { back, cookie, started } = await login(SITE, metered);
    expect(started.status).toBe(302);
    // A forged state, a cancelled sign-in and a callback without a code are refused before the meter.
    await callback(`${SITE}/api/cms-callback?state=a&code=b`, cookie, metered);
    for (const query of ["error=access_denied", "code="]) {
      const again = await login(SITE, metered);
      const url = new URL(again.back);
      url.search = `state=${url.searchParams.get("state")}&${query}`;
      expect((await callback(url, again.cookie, metered)).status).toBe(400);
    }
    expect(asked).toEqual([]);
    // The exchange is metered; its 429 reaches the editor's window, the state spent and its cookie cleared.
    const ended = await callback(back, cookie, metered);
    expect(asked).toEqual(["cms-callback"]);
    expect([ended.status, ended.headers.get("retry-after")]).toEqual([429, "30"]);
    expect(ended.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(pageResult(await ended.text()).error).toBe("Too many.");
    expect(github.tokenRequests).toEqual([]);
  });

  it("run from the function table keep the page's own policy and no-referrer under the function headers", async () => {
    vi.stubEnv("CMS_OAUTH_CLIENT_ID", APP.clientId);
    vi.stubEnv("CMS_OAUTH_CLIENT_SECRET", APP.clientSecret);
    vi.stubEnv("CMS_OAUTH_GITHUB_URL", github.origin);
    vi.stubEnv("METER_LIMIT_PER_MINUTE", "0");
    vi.stubEnv("METER_LIMIT_PER_HOUR", "0");
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("LEADS_STORE_DIR", scratchDir("cms-table-"));
    const started = await runFunction(
      functionNamed("cms-auth"),
      new Request(`${SITE}/api/cms-auth?provider=github`, { headers: page }),
      { clientIp: "127.0.0.1" },
    );
    expect(started.status).toBe(302);
    const approved = await fetch(started.headers.get("location") ?? "", { redirect: "manual" });
    const answer = await runFunction(
      functionNamed("cms-callback"),
      new Request(approved.headers.get("location") ?? "", {
        headers: { ...page, cookie: (started.headers.get("set-cookie") ?? "").split(";")[0] ?? "" },
      }),
      { clientIp: "127.0.0.1" },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-security-policy")).toMatch(
      /^default-src 'none'; script-src 'sha256-[\w+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(pageResult(await answer.text()).message).toMatch(/^authorization:github:success:/);
  });
});
