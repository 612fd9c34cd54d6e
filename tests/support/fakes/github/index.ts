// A loopback fake of GitHub for the CMS login and Decap's github backend (docs/contracts/github.md): the OAuth
// App's authorize and token endpoints, and the REST calls Decap makes, over a real bare git repository.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { appRefusal, type GitHubApp } from "./app";
import { createGit, type Git } from "./git";
import { gitDataRoutes } from "./gitData";
import { batchedReader, execute, parseRequest, queryCost } from "./graphql";
import {
  createLimits,
  refusalBody,
  secondaryPoints,
  type LimitSettings,
  type Limits,
  type Resource,
} from "./limits";
import { authorize, exchange, type OAuthApp, type OAuthState, type TokenRequest } from "./oauth";
import { issueRoutes, pullRoutes, searchIssues } from "./pulls";
import { fail, ok, type Call, type Reply, type RepoState, type Route } from "./routes";
import { createShapes, githubError, type FakeUser } from "./shapes";

export type FakeGitHubOptions = {
  /** A git repository (the test's own copy) whose branches the fake serves: it is cloned, never written. */
  source: string;
  /** owner/name of the served repository. */
  repo: string;
  app: OAuthApp;
  /** A GitHub App editors may sign in through as well (./app.ts). */
  githubApp?: GitHubApp;
  user?: FakeUser;
  /** The user's rights on the repository; push by default. */
  permissions?: { push: boolean; admin: boolean };
  /** GitHub's rate limits by default (limits.ts); a test lowers one to reach it. */
  limits?: Partial<LimitSettings>;
  /** The fake's clock for its rate-limit windows (ms since the epoch). */
  now?: () => number;
};

export type FakeGitHub = {
  /** Both GitHub's web origin (CMS_OAUTH_GITHUB_URL) and its API root (api_root), on loopback. */
  origin: string;
  port: number;
  /** The bare repository behind the API; `git` runs git in it. */
  gitDir: string;
  git: Git;
  state: RepoState;
  oauth: OAuthState;
  /** Every token exchange, in order: what the tests read to prove the token endpoint was (not) called. */
  tokenRequests: TokenRequest[];
  /** API calls the fake does not know (`METHOD /path`): a test expects none. */
  unhandled: string[];
  /** The rate limits it enforces per token, and every API call it answered (`limits.calls`). */
  limits: Limits;
  close(): Promise<void>;
};

const API_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "access-control-allow-origin": "*",
  "access-control-expose-headers":
    "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset",
  "x-github-media-type": "github.v3; format=json",
};

/** What GitHub sends with a GET's answer: a browser may keep it a minute and must revalidate it after. */
const CACHE_HEADERS = {
  "cache-control": "private, max-age=60, s-maxage=60",
  vary: "Accept, Authorization, Cookie, X-GitHub-OTP",
};

/** An answer's entity tag: GitHub's are quoted hashes of the representation. */
const etagOf = (body: string) => `"${createHash("sha256").update(body).digest("hex")}"`;

const PREFLIGHT_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers":
    "Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features, X-GitHub-Api-Version",
  "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE",
  "access-control-max-age": "86400",
};

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(raw: string): Record<string, unknown> | unknown[] | null {
  if (raw.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function match(routes: Route[], call: Call) {
  for (const route of routes) {
    if (route.method !== call.method) continue;
    const found = route.pattern.exec(call.path);
    if (found)
      return { route, groups: found.slice(1).map((group) => decodeURIComponent(group ?? "")) };
  }
  return null;
}

/** Starts the fake on a free loopback port, serving a bare clone of `options.source`. */
export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const [owner = "", name = ""] = options.repo.split("/");
  const storage = mkdtempSync(path.join(os.tmpdir(), "fake-github-"));
  const gitDir = path.join(storage, `${name}.git`);
  execFileSync("git", ["clone", "--quiet", "--bare", options.source, gitDir], { stdio: "pipe" });
  const git = createGit(gitDir);
  const user = options.user ?? {
    login: "editor",
    id: 501,
    name: "Casey Editor",
    email: "casey@example.com",
  };
  const oauth: OAuthState = {
    app: options.app,
    githubApp: options.githubApp ?? null,
    approve: true,
    codes: new Map(),
    tokens: new Map(),
    authorizeRequests: [],
    tokenRequests: [],
  };
  const unhandled: string[] = [];
  // The shapes name the fake's own origin, known once it listens (below).
  const state: RepoState = {
    git,
    shapes: createShapes("http://127.0.0.1", owner, name),
    owner,
    name,
    user,
    permissions: options.permissions ?? { push: true, admin: false },
    pulls: [],
    issues: [],
    nextNumber: 1,
    nextCommentId: 1,
    statuses: new Map(),
  };

  const limits = createLimits(options.limits, options.now);
  /** The token a request carries, when the fake issued it. */
  const tokenOf = (headers: Call["headers"]) => {
    const auth = /^(?:token|bearer)\s+(\S+)$/i.exec(String(headers.authorization ?? ""))?.[1];
    return auth && oauth.tokens.has(auth) ? auth : null;
  };

  /** POST /graphql: 200 with `data` and/or `errors`, as GitHub answers queries. */
  const graphqlReply = async (call: Call): Promise<Reply> => {
    const request = parseRequest(call.body);
    if ("errors" in request)
      return { ...ok({ errors: request.errors.map((message) => ({ message })) }), cost: 0 };
    const token = tokenOf(call.headers) ?? "";
    const cost = queryCost();
    const result = await execute(request, call.body["variables"], {
      repo: state,
      read: batchedReader(state),
      rateLimit: () => {
        const headers = limits.headers(token, "graphql");
        return {
          cost,
          limit: Number(headers["x-ratelimit-limit"]),
          remaining: Number(headers["x-ratelimit-remaining"]),
          used: Number(headers["x-ratelimit-used"]),
          resetAt: new Date(Number(headers["x-ratelimit-reset"]) * 1000).toISOString(),
        };
      },
    });
    return { ...ok(result), cost };
  };

  const api = async (call: Call): Promise<Reply> => {
    const auth = /^(?:token|bearer)\s+(\S+)$/i.exec(String(call.headers.authorization ?? ""))?.[1];
    if (!auth) return fail(401, "Requires authentication");
    const grant = oauth.tokens.get(auth);
    if (!grant) return fail(401, "Bad credentials");
    const appRefused =
      grant.app && oauth.githubApp
        ? appRefusal(oauth.githubApp, grant.app, call, `${owner}/${name}`, unhandled)
        : null;
    if (appRefused) return appRefused;
    const scopes = { "x-oauth-scopes": grant.scope };
    const withScopes = (reply: Reply): Reply => ({
      ...reply,
      headers: { ...reply.headers, ...scopes },
    });
    if (call.method === "POST" && call.path === "/graphql")
      return withScopes(await graphqlReply(call));
    if (call.method === "GET" && call.path === "/user")
      return withScopes(ok(state.shapes.profile(user)));
    if (call.method === "GET" && call.path === `/users/${user.login}`)
      return withScopes(ok(state.shapes.profile(user)));
    if (call.method === "GET" && call.path === "/search/issues")
      return withScopes(ok(searchIssues(state, call.query.get("q") ?? "")));
    const inRepo = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(call.path);
    if (inRepo) {
      // GitHub answers 404, not 403, for a repository the caller may not see.
      if (
        inRepo[1]?.toLowerCase() !== owner.toLowerCase() ||
        inRepo[2]?.toLowerCase() !== name.toLowerCase()
      )
        return fail(404, "Not Found");
      const rest = inRepo[3] ?? "";
      if (rest === "" && call.method === "GET")
        return withScopes(ok(state.shapes.repository(state.permissions)));
      const writes = call.method !== "GET";
      if (writes && !state.permissions.push)
        return fail(403, "Resource not accessible by integration");
      const found = match([...gitDataRoutes, ...pullRoutes, ...issueRoutes], {
        ...call,
        path: rest,
      });
      if (found)
        return withScopes(await found.route.handle(state, { ...call, path: rest }, found.groups));
    }
    unhandled.push(`${call.method} ${call.path}`);
    return fail(404, "Not Found");
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://fake");
      const raw = await readBody(request);
      if (url.pathname === "/login/oauth/authorize" && request.method === "GET") {
        const reply = authorize(oauth, url.searchParams, user.login);
        response.writeHead(reply.status, reply.headers).end(reply.body);
        return;
      }
      if (url.pathname === "/login/oauth/access_token" && request.method === "POST") {
        // GitHub takes the parameters as a form, as JSON or in the query.
        const json = /json/.test(request.headers["content-type"] ?? "") ? parseJson(raw) : null;
        const params = new URLSearchParams(url.search);
        const form =
          json && !Array.isArray(json)
            ? new URLSearchParams(Object.entries(json).map(([k, v]) => [k, String(v)]))
            : new URLSearchParams(raw);
        for (const [key, value] of form) params.set(key, value);
        const reply = exchange(oauth, params, String(request.headers.accept ?? ""));
        response.writeHead(reply.status, reply.headers).end(reply.body);
        return;
      }
      if (request.method === "OPTIONS") {
        response.writeHead(204, PREFLIGHT_HEADERS).end();
        return;
      }
      const body = parseJson(raw);
      const method = request.method ?? "GET";
      const token = tokenOf(request.headers);
      const resource: Resource = url.pathname === "/graphql" ? "graphql" : "core";
      // GitHub's own account of the limits is free: GET /rate_limit counts against none.
      if (token && method === "GET" && url.pathname === "/rate_limit") {
        const core = limits.headers(token, "core");
        const gql = limits.headers(token, "graphql");
        const shape = (h: Record<string, string>) => ({
          limit: Number(h["x-ratelimit-limit"]),
          remaining: Number(h["x-ratelimit-remaining"]),
          used: Number(h["x-ratelimit-used"]),
          reset: Number(h["x-ratelimit-reset"]),
        });
        response.writeHead(200, { ...API_HEADERS, ...core });
        response.end(
          JSON.stringify({
            resources: { core: shape(core), graphql: shape(gql) },
            rate: shape(core),
          }),
        );
        return;
      }
      // Limits apply to the requests of a token the fake issued; others are refused as GitHub refuses them.
      const refusal = token
        ? limits.admit(token, resource, secondaryPoints(resource, method))
        : null;
      if (token && refusal) {
        limits.record({
          token,
          method,
          path: url.pathname,
          resource,
          status: refusal.status,
          cost: 0,
          refused: refusal.message.includes("secondary") ? "secondary" : "primary",
        });
        response.writeHead(refusal.status, { ...API_HEADERS, ...refusal.headers });
        response.end(JSON.stringify(refusalBody(refusal)));
        return;
      }
      let reply: Reply;
      try {
        reply =
          body === null
            ? fail(400, "Problems parsing JSON")
            : await api({
                method,
                path: url.pathname,
                query: url.searchParams,
                body: Array.isArray(body) ? { labels: body } : body,
                headers: request.headers,
              });
      } catch (error) {
        if (token) limits.charge(token, resource, 1);
        throw error;
      }
      let text = reply.body === undefined ? undefined : JSON.stringify(reply.body);
      let status = reply.status;
      const extra: Record<string, string> = {};
      if (method === "GET" && status === 200 && text !== undefined) {
        // A conditional request for what the caller already has: 304, and it costs nothing (GitHub's rule).
        const etag = etagOf(text);
        Object.assign(extra, CACHE_HEADERS, { etag });
        if (String(request.headers["if-none-match"] ?? "") === etag) {
          status = 304;
          text = undefined;
        }
      }
      const cost = status === 304 ? 0 : (reply.cost ?? 1);
      if (token) {
        limits.charge(token, resource, cost);
        limits.record({ token, method, path: url.pathname, resource, status, cost, refused: null });
        Object.assign(extra, limits.headers(token, resource));
      }
      // A 204 or 304 has no body and, as on GitHub, no Content-Type (a client would try to parse it).
      const { "content-type": json, ...always } = API_HEADERS;
      response.writeHead(status, {
        ...always,
        ...(text === undefined ? {} : { "content-type": json }),
        ...extra,
        ...reply.headers,
      });
      response.end(text);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, API_HEADERS);
      response.end(JSON.stringify(githubError(500, `fake GitHub failed: ${String(error)}`)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  state.shapes = createShapes(origin, owner, name);
  return {
    origin,
    port,
    gitDir,
    git,
    state,
    oauth,
    tokenRequests: oauth.tokenRequests,
    unhandled,
    limits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(storage, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
