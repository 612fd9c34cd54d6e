// What every REST route of the fake GitHub is handed (the repository's state, the caller, the request) and
// answers (a status, a JSON body, headers), so the route modules stay plain functions.
import type { Git } from "./git";
import { githubError, type FakeUser, type Issue, type PullRequest, type Shapes } from "./shapes";

export type Status = {
  state: string;
  target_url: string | null;
  description: string | null;
  context: string;
  created_at: string;
};

export type RepoState = {
  git: Git;
  shapes: Shapes;
  owner: string;
  name: string;
  user: FakeUser;
  /** The caller's rights on the repository (GET /repos/{owner}/{repo} `permissions`). */
  permissions: { push: boolean; admin: boolean };
  pulls: PullRequest[];
  issues: Issue[];
  /** Issues and pull requests share one sequence of numbers, as on GitHub. */
  nextNumber: number;
  nextCommentId: number;
  /** Commit statuses by commit (a deploy preview reports one). */
  statuses: Map<string, Status[]>;
};

export type Call = {
  method: string;
  /** The path after /repos/{owner}/{repo} (or the whole path outside a repository), still percent-encoded. */
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: Readonly<Record<string, string | string[] | undefined>>;
};

export type Reply = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** What the answer takes from the hourly budget when not 1 (a GraphQL query's points). */
  cost?: number;
};

export type Route = {
  method: string;
  pattern: RegExp;
  /** `groups` are the pattern's captures, percent-decoded. */
  handle: (repo: RepoState, call: Call, groups: string[]) => Promise<Reply>;
};

export const ok = (body: unknown, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  body,
  headers,
});
export const fail = (
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): Reply => ({
  status,
  body: githubError(status, message, extra),
});
/** 422 with GitHub's "Validation Failed" errors list. */
export const invalid = (resource: string, field: string, code: string, message?: string): Reply =>
  fail(422, "Validation Failed", {
    errors: [{ resource, field, code, ...(message ? { message } : {}) }],
  });

export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

/** A branch named as compare and pulls name them: `branch`, `owner:branch` or a commit sha. */
export function stripOwner(repo: RepoState, name: string): string {
  const at = name.indexOf(":");
  if (at === -1) return name;
  return name.slice(0, at).toLowerCase() === repo.owner.toLowerCase() ? name.slice(at + 1) : "\0";
}

export const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
