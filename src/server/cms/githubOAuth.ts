/**
 * The CMS login through the site's own GitHub App or OAuth App (Decap's `github` backend, docs/cms.md):
 * GET /api/cms-auth sends the editor to GitHub with a state bound to this browser, spending nothing anyone
 * else needs; GET /api/cms-callback checks that state, and only then spends the App's secret (metered) on
 * GitHub's token exchange, answering the page that hands the token to the admin on this site's own origin
 * (./loginScript.ts).
 */
import { createHash } from "node:crypto";
import { readCmsOAuthEnv, readLeadsEnv, type CmsOAuthEnv } from "../env";
import { CMS_CALLBACK_PATH } from "../functionPaths";
import { errorResponse, type Handler } from "../http/responses";
import { meter as defaultMeter, type Meter } from "../integrations/secretMeter";
import { describeFailure, fetchUpstream, notJson } from "../integrations/upstream";
import { openLeadStore } from "../leads/openLeadStore";
import { printable } from "../logText";
import { loginPageResponse, PROVIDER } from "./loginPage";
import {
  checkState,
  clearedStateCookie,
  issueState,
  publicOrigin,
  STATE_LIFETIME_S,
  stateCookie,
  stateCookieValues,
} from "./oauthState";

/** GitHub's token answer is a few hundred bytes; nothing larger is read. */
export const TOKEN_ANSWER_MAX_BYTES = 16 * 1024;

export const CMS_OAUTH_METHODS = ["GET"] as const;

export type CmsOAuthDeps = {
  env?: () => CmsOAuthEnv;
  fetch?: typeof fetch;
  meter?: Meter;
  log?: (line: string) => void;
  now?: () => number;
  /** Records a state as used; false when it was used before. By default in the lead store's counters. */
  spendState?: (state: string) => Promise<boolean>;
};

/**
 * Each state is good for one exchange, also against a replay that brings the cookie along: it is counted in
 * the lead store (shared by every instance with PostgreSQL, per instance otherwise). Clearing the cookie on
 * the first callback already stops a browser replaying it, so a store that is down is logged, not fatal.
 */
function storeSpend(log: (line: string) => void) {
  return async (state: string): Promise<boolean> => {
    const key = `cms-oauth-state:${createHash("sha256").update(state).digest("base64url")}`;
    try {
      const taken = await openLeadStore(readLeadsEnv()).take(key, [
        { max: 1, ms: STATE_LIFETIME_S * 1000 },
      ]);
      return taken.ok;
    } catch (error) {
      log(`cms-callback: used states not recorded: ${(error as Error).message}`);
      return true;
    }
  };
}

/** What the editor (and, through the admin, its login screen) reads for each way the login can end. */
export const TEXTS = {
  notSetUp:
    "The content admin's GitHub login is not set up on this site: the server needs CMS_OAUTH_CLIENT_ID " +
    "and CMS_OAUTH_CLIENT_SECRET (see docs/cms.md).",
  otherProvider: "This site's content admin signs in with GitHub only.",
  badState:
    "This sign-in could not be matched to the window that started it (it was opened elsewhere, used " +
    "already, or is more than ten minutes old). Close this window and press Login again.",
  cancelled: "The sign-in was cancelled on GitHub. Press Login to try again.",
  refusedByGithub: "GitHub did not sign you in. Press Login to try again.",
  noCode: "GitHub sent no sign-in code. Press Login to try again.",
  expiredCode: "GitHub did not accept the sign-in code (it may have expired). Press Login again.",
  misconfigured:
    "GitHub refused this site's login settings. Ask a developer to check CMS_OAUTH_CLIENT_ID and " +
    "CMS_OAUTH_CLIENT_SECRET.",
  timeout: "GitHub did not answer in time. Press Login to try again.",
  unreachable: "GitHub could not be reached. Press Login to try again in a moment.",
  signedIn: "Signed in with GitHub.",
} as const;

/** A browser window asks for HTML; any other caller (scripts, host rehearsals) gets the JSON error. */
const wantsPage = (request: Request) => /\btext\/html\b/i.test(request.headers.get("accept") ?? "");

/**
 * Every refusal is first the site's JSON error; a login window gets it as the page that tells the editor
 * and hands Decap the same message (so the admin's login screen shows it), keeping its headers.
 */
async function forCaller(request: Request, response: Response): Promise<Response> {
  if (!wantsPage(request) || response.ok || response.status < 400) return response;
  const body = (await response.json().catch(notJson)) as { error?: { message?: unknown } } | null;
  const message = String(body?.error?.message ?? TEXTS.refusedByGithub);
  const keep = new Headers();
  for (const name of ["set-cookie", "retry-after"]) {
    const value = response.headers.get(name);
    if (value !== null) keep.set(name, value);
  }
  return loginPageResponse(response.status, { ok: false, message }, message, keep);
}

/** The configuration, or null when the login is not set up (the reason goes to the log, not the editor). */
function configured(deps: CmsOAuthDeps, log: (line: string) => void, fn: string) {
  try {
    const env = (deps.env ?? readCmsOAuthEnv)();
    return env.clientId && env.clientSecret
      ? { ...env, clientId: env.clientId, clientSecret: env.clientSecret }
      : null;
  } catch (error) {
    log(`${fn}: configuration error: ${(error as Error).message}`);
    return null;
  }
}

const notSetUp = (headers: HeadersInit = {}) =>
  errorResponse(503, "not_configured", TEXTS.notSetUp, undefined, { headers });

/**
 * GET /api/cms-auth: Decap's popup opens it; answers a redirect to GitHub's authorize page. It calls no one
 * and spends no budget: a state and its cookie are all it costs, and they cost the caller (a budget shared
 * with the callback let anyone close the login for every editor by starting logins).
 */
export function createCmsAuthHandler(deps: CmsOAuthDeps = {}): Handler {
  const log = deps.log ?? ((line: string) => console.warn(line));
  const handle: Handler = async (request) => {
    const env = configured(deps, log, "cms-auth");
    if (!env) return notSetUp();
    const url = new URL(request.url);
    const provider = url.searchParams.get("provider");
    if (provider !== null && provider !== PROVIDER)
      return errorResponse(400, "unknown_provider", TEXTS.otherProvider);
    const { state, cookieValue } = issueState(env.clientSecret, (deps.now ?? Date.now)());
    const authorize = new URL(`${env.githubUrl}/login/oauth/authorize`);
    authorize.searchParams.set("client_id", env.clientId);
    // GitHub sends the editor back only to the App's registered callback URL, so a forged Host
    // header can misdirect nothing but its own sender's redirect.
    authorize.searchParams.set("redirect_uri", `${publicOrigin(url)}${CMS_CALLBACK_PATH}`);
    // A GitHub App's token has the App's permissions, on the repositories it is installed on: no scope.
    if (env.appKind === "oauth-app") authorize.searchParams.set("scope", env.scope);
    authorize.searchParams.set("state", state);
    // Editors sign in with the accounts that have push access; a new account could do nothing here.
    authorize.searchParams.set("allow_signup", "false");
    return new Response(null, {
      status: 302,
      headers: {
        location: authorize.href,
        "set-cookie": stateCookie(cookieValue, url),
        "cache-control": "no-store",
        "referrer-policy": "no-referrer",
      },
    });
  };
  return async (request) => forCaller(request, await handle(request));
}

/**
 * What is read of GitHub's answer. A GitHub App's also carries `expires_in` and a `refresh_token`: the refresh
 * token would outlive the login by months, so it is never read, handed over or logged.
 */
type TokenAnswer = { access_token?: unknown; error?: unknown };

/** GET /api/cms-callback?code&state: GitHub's redirect back; answers the page that hands over the token. */
export function createCmsCallbackHandler(deps: CmsOAuthDeps = {}): Handler {
  const log = deps.log ?? ((line: string) => console.warn(line));
  const handle: Handler = async (request, platform) => {
    const url = new URL(request.url);
    // The state is used once, whatever happens next.
    const clear = { "set-cookie": clearedStateCookie(url) };
    const refuse = (status: number, code: string, text: string) =>
      errorResponse(status, code, text, undefined, { headers: clear });
    const env = configured(deps, log, "cms-callback");
    if (!env) return notSetUp(clear);
    // Everything that calls no one comes before the budget: a callback with a bad state, a cancelled
    // sign-in or no code costs the App's budget nothing, so refused strangers cannot spend it for editors.
    const problem = checkState(
      env.clientSecret,
      url.searchParams.get("state"),
      stateCookieValues(request),
      (deps.now ?? Date.now)(),
    );
    const state = url.searchParams.get("state") ?? "";
    const fresh = problem === null && (await (deps.spendState ?? storeSpend(log))(state));
    if (!fresh) {
      log(`cms-callback: state refused (${problem ?? "replayed"}); GitHub not asked`);
      return refuse(400, "invalid_state", TEXTS.badState);
    }
    const githubError = url.searchParams.get("error");
    if (githubError === "access_denied") return refuse(400, "access_denied", TEXTS.cancelled);
    if (githubError !== null) return refuse(400, "authorization_failed", TEXTS.refusedByGithub);
    const code = url.searchParams.get("code");
    if (!code || !/^[\w.-]{1,200}$/.test(code)) return refuse(400, "missing_code", TEXTS.noCode);
    const refused = await (deps.meter ?? defaultMeter)("cms-callback", platform?.clientIp);
    if (refused) {
      const limited = new Response(refused.body, refused);
      limited.headers.set("set-cookie", clear["set-cookie"]);
      return limited;
    }

    const outcome = await fetchUpstream(`${env.githubUrl}/login/oauth/access_token`, {
      service: "GitHub",
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        client_id: env.clientId,
        client_secret: env.clientSecret,
        code,
      }).toString(),
      timeoutMs: env.timeoutMs,
      fetch: deps.fetch,
      maxBytes: TOKEN_ANSWER_MAX_BYTES,
      read: async (response) => (await response.json().catch(notJson)) as TokenAnswer | null,
    });
    if (outcome.kind !== "answer") {
      log(`cms-callback: ${describeFailure(outcome)}`);
      return outcome.kind === "timeout"
        ? refuse(504, "upstream_timeout", TEXTS.timeout)
        : refuse(502, "upstream_unavailable", TEXTS.unreachable);
    }
    const token = outcome.value?.access_token;
    if (outcome.response.ok && typeof token === "string" && /^[\w.-]{1,512}$/.test(token)) {
      return loginPageResponse(200, { ok: true, token }, TEXTS.signedIn, clear);
    }
    const error = outcome.value?.error;
    if (error === "bad_verification_code") return refuse(400, "expired_code", TEXTS.expiredCode);
    // GitHub's words, escaped and cut: an `error` with a line break would otherwise write lines of its own.
    log(
      `cms-callback: GitHub refused the code exchange (${outcome.response.status}, ${printable(error ?? "no error code", 100)})`,
    );
    return refuse(502, "upstream_rejected", TEXTS.misconfigured);
  };
  return async (request, platform) => forCaller(request, await handle(request, platform));
}

export const cmsAuth = createCmsAuthHandler();
export const cmsCallback = createCmsCallbackHandler();
