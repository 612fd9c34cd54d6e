// The fake GitHub's OAuth App endpoints (docs/contracts/github.md §OAuth): the authorize page, which approves
// at once and sends the browser back with a code and the state, and the token exchange that spends the code.
// A GitHub App (./app.ts) signs users in through the same two endpoints.
import { randomBytes } from "node:crypto";
import { appTokenAnswer, type AppGrant, type GitHubApp } from "./app";

export type OAuthApp = { clientId: string; clientSecret: string; callbackUrl: string };

/** `app` is set for a GitHub App's user access token: its expiry (the App itself is `OAuthState.githubApp`). */
export type TokenGrant = { token: string; login: string; scope: string; app?: AppGrant };

/** One call to the token endpoint, as the tests read them: who asked, with which code, and what came of it. */
export type TokenRequest = { clientId: string | null; code: string | null; outcome: string };

export type OAuthState = {
  app: OAuthApp;
  /** A GitHub App the same user may sign in through, if the test set one up. */
  githubApp: GitHubApp | null;
  /** Whether the editor approves on the authorize page (false: GitHub's access_denied). */
  approve: boolean;
  codes: Map<
    string,
    {
      clientId: string;
      login: string;
      scope: string;
      redirectUri: string | null;
      expiresAt: number;
      used: boolean;
    }
  >;
  tokens: Map<string, TokenGrant>;
  authorizeRequests: URLSearchParams[];
  tokenRequests: TokenRequest[];
};

export type WebReply = { status: number; headers: Record<string, string>; body: string };

const CODE_LIFETIME_MS = 10 * 60 * 1000;
const redirect = (location: string): WebReply => ({ status: 302, headers: { location }, body: "" });

/**
 * GitHub's rule for `redirect_uri`: the registered callback URL's host and port (any port on loopback),
 * and a path at or below the callback's path.
 */
export function redirectAllowed(callbackUrl: string, redirectUri: string): boolean {
  if (!URL.canParse(redirectUri)) return false;
  const registered = new URL(callbackUrl);
  const wanted = new URL(redirectUri);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(registered.hostname);
  const base = registered.pathname.replace(/\/+$/, "");
  return (
    wanted.protocol === registered.protocol &&
    wanted.hostname === registered.hostname &&
    (loopback || wanted.port === registered.port) &&
    (wanted.pathname === base || wanted.pathname.startsWith(`${base}/`))
  );
}

/** The OAuth App or the GitHub App a client id names. */
function appFor(state: OAuthState, clientId: string | null): OAuthApp | GitHubApp | null {
  if (clientId === state.app.clientId) return state.app;
  return state.githubApp && clientId === state.githubApp.clientId ? state.githubApp : null;
}

/** GET /login/oauth/authorize: approves for the fake's one user and redirects back. */
export function authorize(state: OAuthState, query: URLSearchParams, login: string): WebReply {
  state.authorizeRequests.push(query);
  const app = appFor(state, query.get("client_id"));
  if (!app)
    return {
      status: 404,
      headers: { "content-type": "text/html" },
      body: "<h1>404: not found</h1>",
    };
  const asked = query.get("redirect_uri");
  const back = (target: string, params: Record<string, string>) => {
    const url = new URL(target);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const passed = query.get("state");
    if (passed !== null) url.searchParams.set("state", passed);
    return redirect(url.href);
  };
  // A mismatched redirect_uri goes back to the registered callback with the error, as GitHub does.
  if (asked !== null && !redirectAllowed(app.callbackUrl, asked))
    return back(app.callbackUrl, {
      error: "redirect_uri_mismatch",
      error_description:
        "The redirect_uri MUST match the registered callback URL for this application.",
    });
  const target = asked ?? app.callbackUrl;
  if (!state.approve)
    return back(target, {
      error: "access_denied",
      error_description: "The user has denied your application access.",
    });
  const code = randomBytes(10).toString("hex");
  state.codes.set(code, {
    clientId: app.clientId,
    login,
    scope: query.get("scope") ?? "",
    redirectUri: asked,
    expiresAt: Date.now() + CODE_LIFETIME_MS,
    used: false,
  });
  return back(target, { code });
}

/** POST /login/oauth/access_token: the code for a token; errors answer 200, as GitHub's do. */
export function exchange(state: OAuthState, params: URLSearchParams, accept: string): WebReply {
  const clientId = params.get("client_id");
  const code = params.get("code");
  const answer = (body: Record<string, string>, outcome: string): WebReply => {
    state.tokenRequests.push({ clientId, code, outcome });
    const json = /application\/json/.test(accept);
    return {
      status: 200,
      headers: {
        "content-type": json
          ? "application/json; charset=utf-8"
          : "application/x-www-form-urlencoded; charset=utf-8",
      },
      body: json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
    };
  };
  const error = (name: string, description: string) =>
    answer(
      {
        error: name,
        error_description: description,
        error_uri: `https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#${name.replace(/_/g, "-")}`,
      },
      name,
    );
  const app = appFor(state, clientId);
  if (!app || params.get("client_secret") !== app.clientSecret)
    return error(
      "incorrect_client_credentials",
      "The client_id and/or client_secret passed are incorrect.",
    );
  const grant = code === null ? undefined : state.codes.get(code);
  // A code is good only for the app it was issued to.
  if (!grant || grant.used || grant.expiresAt < Date.now() || grant.clientId !== app.clientId)
    return error("bad_verification_code", "The code passed is incorrect or expired.");
  const redirectUri = params.get("redirect_uri");
  if (redirectUri !== null && redirectUri !== grant.redirectUri)
    return error(
      "redirect_uri_mismatch",
      "The redirect_uri MUST match the registered callback URL for this application.",
    );
  grant.used = true;
  if (app === state.githubApp) {
    const issued = appTokenAnswer(state.githubApp);
    const token = issued.body.access_token ?? "";
    state.tokens.set(token, { token, login: grant.login, scope: "", app: issued.grant });
    return answer(issued.body, "token");
  }
  const token = `gho_${randomBytes(18).toString("hex")}`;
  state.tokens.set(token, { token, login: grant.login, scope: grant.scope });
  return answer({ access_token: token, token_type: "bearer", scope: grant.scope }, "token");
}
