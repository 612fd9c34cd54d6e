// The fake GitHub's GitHub App (docs/contracts/github.md §GitHub App): its user access tokens, which expire, reach
// only the repositories the App is installed on, and only with the App's permissions, whatever the user may do.
import { randomBytes } from "node:crypto";
import { fail, ok, type Call, type Reply } from "./routes";

export type AppPermission = "contents" | "pull_requests" | "statuses" | "metadata" | "issues";
export type AppLevel = "read" | "write";

export type GitHubApp = {
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
  /** owner/name of every repository the App is installed on. */
  installedOn: string[];
  /** What the App may do there (a permission it does not name: none). */
  permissions: Partial<Record<AppPermission, AppLevel>>;
  /** Seconds a user access token lives (GitHub's default: 8 hours); null when expiry is turned off. */
  tokenLifetimeS: number | null;
};

/** The setup docs/cms.md recommends: the site's repository, Contents and Pull requests write, the rest read. */
export function recommendedApp(
  app: Pick<GitHubApp, "clientId" | "clientSecret" | "callbackUrl">,
  repo: string,
): GitHubApp {
  return {
    ...app,
    installedOn: [repo],
    permissions: { contents: "write", pull_requests: "write", statuses: "read", metadata: "read" },
    tokenLifetimeS: 8 * 60 * 60,
  };
}

/** What a GitHub App token carries besides its owner: when it stops working (null: never). */
export type AppGrant = { expiresAt: number | null };

/** The token endpoint's answer for a GitHub App, as GitHub sends it (expiry on: with a refresh token). */
export function appTokenAnswer(app: GitHubApp): { body: Record<string, string>; grant: AppGrant } {
  const token = `ghu_${randomBytes(18).toString("hex")}`;
  if (app.tokenLifetimeS === null)
    return {
      body: { access_token: token, token_type: "bearer", scope: "" },
      grant: { expiresAt: null },
    };
  return {
    body: {
      access_token: token,
      expires_in: String(app.tokenLifetimeS),
      refresh_token: `ghr_${randomBytes(38).toString("hex")}`,
      refresh_token_expires_in: "15811200",
      token_type: "bearer",
      scope: "",
    },
    grant: { expiresAt: Date.now() + app.tokenLifetimeS * 1000 },
  };
}

/**
 * The permission a call inside a repository needs (`rest` is the path after /repos/{owner}/{repo}), as
 * GitHub's fine-grained permission tables list them; null for a call the fake cannot place.
 */
export function permissionFor(
  method: string,
  rest: string,
): { permission: AppPermission; level: AppLevel } | null {
  const level: AppLevel = method === "GET" || method === "HEAD" ? "read" : "write";
  const need = (permission: AppPermission, at: AppLevel = level) => ({ permission, level: at });
  if (rest === "") return method === "GET" ? need("metadata") : null;
  if (/^\/commits\/[^/]+\/status(?:es)?$/.test(rest) || /^\/statuses\//.test(rest))
    return need("statuses");
  // Merging writes the base branch: GitHub asks for Contents write (and the pull request's own).
  if (/^\/pulls\/\d+\/merge$/.test(rest)) return need("contents", "write");
  if (/^\/pulls(?:\/|$)/.test(rest)) return need("pull_requests");
  // A pull request's labels are set through the issues API, which takes Pull requests for a pull request.
  if (/^\/issues\/\d+\/labels$/.test(rest) || /^\/labels(?:\/|$)/.test(rest))
    return need("pull_requests");
  if (/^\/issues(?:\/|$)/.test(rest)) return need("issues");
  if (/^\/(?:git|contents|commits|branches|compare|merges)(?:\/|$)/.test(rest))
    return need("contents");
  return null;
}

const allows = (granted: AppLevel | undefined, wanted: AppLevel) =>
  granted === "write" || (granted === "read" && wanted === "read");

const installed = (app: GitHubApp, repo: string) =>
  app.installedOn.some((name) => name.toLowerCase() === repo.toLowerCase());

/** GraphQL's refusals come as a 200 with `errors`, as GitHub sends them. */
const graphqlError = (type: string, message: string): Reply =>
  ok({ data: null, errors: [{ type, message }] });

/**
 * GitHub's answer to a call made with a GitHub App's user token, or null to let it through: 401 once the
 * token expired, 404 for a repository the App is not installed on (as for one the caller may not see), 403
 * "Resource not accessible by integration" for a permission the App lacks. A GraphQL query reads the fake's
 * one repository (`served`, owner/name): NOT_FOUND outside the installation, FORBIDDEN without Contents read.
 * `unknown` records calls it cannot place, which it refuses.
 */
export function appRefusal(
  app: GitHubApp,
  grant: AppGrant,
  call: Call,
  served: string,
  unknown: string[],
  now: number = Date.now(),
): Reply | null {
  if (grant.expiresAt !== null && now >= grant.expiresAt) return fail(401, "Bad credentials");
  if (call.method === "POST" && call.path === "/graphql") {
    if (!installed(app, served))
      return graphqlError(
        "NOT_FOUND",
        `Could not resolve to a Repository with the name '${served}'.`,
      );
    return allows(app.permissions.contents, "read")
      ? null
      : graphqlError("FORBIDDEN", "Resource not accessible by integration");
  }
  const inRepo = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(call.path);
  if (!inRepo) return null;
  if (!installed(app, `${inRepo[1]}/${inRepo[2]}`)) return fail(404, "Not Found");
  const needed = permissionFor(call.method, inRepo[3] ?? "");
  if (!needed) {
    unknown.push(`${call.method} ${call.path} (no GitHub App permission known)`);
    return fail(403, "Resource not accessible by integration");
  }
  if (allows(app.permissions[needed.permission], needed.level)) return null;
  return {
    ...fail(403, "Resource not accessible by integration"),
    headers: { "x-accepted-github-permissions": `${needed.permission}=${needed.level}` },
  };
}
