/**
 * The deploy-preview bridge that .github/workflows/preview-status.yml runs on GitHub Actions: a host that reports
 * a pull request's deployment through GitHub's Deployments API (Vercel does, as does any host whose pull requests
 * show "View deployment") but no commit status Decap reads gets one, with the preview's address, so the editorial
 * workflow's "View Preview" opens the draft there. The workflow runs this file as it is with Node 24 (which strips the
 * types), so it imports nothing but Node's own modules.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * The context of the status it posts. It contains "deploy", so Decap's default matching (the first status whose
 * context contains "deploy") takes it; GATSBY_CMS_PREVIEW_CONTEXT=deploy/preview pins the admin to it exactly.
 */
export const PREVIEW_STATUS_CONTEXT = "deploy/preview";

/** A commit status as `POST /repos/{owner}/{repo}/statuses/{sha}` takes it. */
export type CommitStatus = {
  state: "pending" | "success" | "failure" | "error";
  target_url?: string;
  description: string;
  context: string;
};

/** What to do with one deployment_status event: post a status on a commit, or nothing and why. */
export type Decision =
  | { post: true; sha: string; status: CommitStatus }
  | { post: false; reason: string; problem: boolean };

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * An address an editor may be sent to, or null: https (http only on this machine's loopback, where a local
 * preview runs), no user name or password in it. The host wrote it; anyone who can create deployments can too.
 */
export function previewAddress(value: unknown): string | null {
  const written = text(value);
  if (!URL.canParse(written)) return null;
  const url = new URL(written);
  const secure =
    url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
  return secure && !url.username && !url.password ? url.href : null;
}

/** GitHub keeps at most 140 characters of a status's description. */
const describe = (words: string) => (words.length > 140 ? `${words.slice(0, 139)}…` : words);

/**
 * The status a `deployment_status` event asks for. Production deployments, deployments made inactive by a newer
 * one, and (with `environment` set) deployments to other environments are left alone; a deployment in progress
 * is a pending status (Decap then offers "Check for Preview"), a finished one a success linking to its
 * `environment_url`, a failed one a failure.
 */
export function previewStatusFor(event: unknown, options: { environment?: string } = {}): Decision {
  const deployment = record(record(event)["deployment"]);
  const reported = record(record(event)["deployment_status"]);
  const sha = text(deployment["sha"]);
  const environment = text(reported["environment"]) || text(deployment["environment"]);
  const state = text(reported["state"]);
  const skip = (reason: string, problem = false): Decision => ({ post: false, reason, problem });
  if (!/^[0-9a-f]{40}$/.test(sha)) return skip("the event names no commit", true);
  if (deployment["production_environment"] === true || /^production\b/i.test(environment))
    return skip(`"${environment}" is a production deployment, not a preview`);
  if (options.environment && environment !== options.environment)
    return skip(`"${environment}" is not the preview environment "${options.environment}"`);
  const name = environment || "preview";
  const status = (fields: Omit<CommitStatus, "context">): Decision => ({
    post: true,
    sha,
    status: {
      ...fields,
      description: describe(fields.description),
      context: PREVIEW_STATUS_CONTEXT,
    },
  });
  switch (state) {
    case "queued":
    case "pending":
    case "in_progress":
      return status({ state: "pending", description: `The preview (${name}) is being deployed.` });
    case "success": {
      const address = previewAddress(reported["environment_url"]);
      if (address === null)
        return skip(`the deployment to "${name}" succeeded without an https environment_url`, true);
      return status({
        state: "success",
        target_url: address,
        description: `Preview ready (${name})`,
      });
    }
    case "failure":
    case "error": {
      const log = previewAddress(reported["log_url"]) ?? previewAddress(reported["target_url"]);
      return status({
        state,
        ...(log === null ? {} : { target_url: log }),
        description: `The preview (${name}) failed to deploy.`,
      });
    }
    case "inactive":
      return skip(`the deployment to "${name}" was replaced by a newer one`);
    default:
      return skip(`unknown deployment state "${state}"`, true);
  }
}

/** Where and as whom to post: the workflow's GITHUB_API_URL, GITHUB_REPOSITORY and token. */
export type GitHubTarget = { apiUrl: string; repository: string; token: string };

/** GitHub's error message from an answer's body, or the start of the body when it is not GitHub's JSON. */
function messageOf(body: string): string {
  try {
    return text(record(JSON.parse(body))["message"]) || body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}

/** Posts `status` on commit `sha`; throws with GitHub's answer when it refuses. */
export async function postStatus(
  target: GitHubTarget,
  sha: string,
  status: CommitStatus,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const url = `${target.apiUrl.replace(/\/+$/, "")}/repos/${target.repository}/statuses/${sha}`;
  const answer = await fetcher(url, {
    method: "POST",
    headers: {
      accept: "application/vnd.github+json",
      authorization: `Bearer ${target.token}`,
      "content-type": "application/json",
      "x-github-api-version": "2022-11-28",
      "user-agent": "preview-status",
    },
    body: JSON.stringify(status),
  });
  if (answer.ok) return;
  const body = await answer.text();
  throw new Error(`GitHub refused the status (${answer.status}): ${messageOf(body)}`);
}

/** The workflow's step: reads the event and settings from the environment, posts, and says what it did. */
export async function main(
  env: Readonly<Record<string, string | undefined>> = process.env,
  log: (line: string) => void = console.log,
  fetcher: typeof fetch = fetch,
): Promise<number> {
  const missing = ["GITHUB_EVENT_PATH", "GITHUB_REPOSITORY", "GITHUB_TOKEN"].filter(
    (name) => !env[name],
  );
  if (missing.length > 0) {
    log(`preview-status: ${missing.join(", ")} not set (the workflow sets them)`);
    return 2;
  }
  let event: unknown;
  try {
    event = JSON.parse(readFileSync(env["GITHUB_EVENT_PATH"] ?? "", "utf8"));
  } catch (error) {
    log(`preview-status: cannot read the event (${(error as Error).message})`);
    return 1;
  }
  const environment = env["CMS_PREVIEW_ENVIRONMENT"]?.trim();
  const decision = previewStatusFor(event, environment ? { environment } : {});
  if (!decision.post) {
    log(`preview-status: nothing posted: ${decision.reason}`);
    return decision.problem ? 1 : 0;
  }
  const target = {
    apiUrl: env["GITHUB_API_URL"] || "https://api.github.com",
    repository: env["GITHUB_REPOSITORY"] ?? "",
    token: env["GITHUB_TOKEN"] ?? "",
  };
  try {
    await postStatus(target, decision.sha, decision.status, fetcher);
  } catch (error) {
    log(`preview-status: ${(error as Error).message}`);
    return 1;
  }
  const { state, target_url: address, context } = decision.status;
  log(`preview-status: ${context} ${state} on ${decision.sha}${address ? ` → ${address}` : ""}`);
  return 0;
}

// Run as the workflow's step (`node src/cms/previewStatus.ts`), not when imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  void main().then((code) => {
    process.exitCode = code;
  });
