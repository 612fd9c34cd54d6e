// The JSON shapes the fake GitHub answers with, as GitHub's REST API (2022-11-28) documents them, trimmed to
// the fields a client can rely on; docs/contracts/github.md lists which of them Decap reads.
import { avatarUrl } from "./avatars";
import type { CommitFacts } from "./git";

export type FakeUser = { login: string; id: number; name: string; email: string };

export type Label = { name: string };

export type PullRequest = {
  number: number;
  title: string;
  body: string | null;
  /** Branch names in this repository. */
  head: string;
  base: string;
  state: "open" | "closed";
  labels: Label[];
  user: FakeUser;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  mergeCommitSha: string | null;
  /** The head's commit when the branch is gone (GitHub keeps showing the last one). */
  lastHeadSha: string;
};

export type Issue = {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  labels: Label[];
  user: FakeUser;
  createdAt: string;
  updatedAt: string;
  comments: Array<{
    id: number;
    body: string;
    user: FakeUser;
    createdAt: string;
    updatedAt: string;
  }>;
};

export type Shapes = ReturnType<typeof createShapes>;

/** Builders for one repository served at `origin` (the API root; the web pages live at the same origin). */
export function createShapes(origin: string, owner: string, name: string) {
  const repoApi = `${origin}/repos/${owner}/${name}`;
  const userShape = (user: FakeUser) => ({
    login: user.login,
    id: user.id,
    node_id: `U_${user.id}`,
    avatar_url: avatarUrl(user.id),
    url: `${origin}/users/${user.login}`,
    html_url: `${origin}/${user.login}`,
    type: "User",
    site_admin: false,
  });
  const ownerUser: FakeUser = {
    login: owner,
    id: 1,
    name: owner,
    email: `${owner}@users.noreply.example`,
  };
  const repository = (permissions: { push: boolean; admin: boolean }) => ({
    id: 4242,
    node_id: "R_4242",
    name,
    full_name: `${owner}/${name}`,
    private: true,
    owner: userShape(ownerUser),
    html_url: `${origin}/${owner}/${name}`,
    url: repoApi,
    fork: false,
    default_branch: "main",
    visibility: "private",
    permissions: {
      admin: permissions.admin,
      maintain: permissions.admin,
      push: permissions.push,
      triage: permissions.push,
      pull: true,
    },
  });
  const gitUser = (who: CommitFacts["author"]) => ({
    name: who.name,
    email: who.email,
    date: who.date,
  });
  /** A commit as the commits, compare and pulls/commits endpoints list it. */
  const commit = (facts: CommitFacts) => ({
    sha: facts.sha,
    node_id: `C_${facts.sha}`,
    url: `${repoApi}/commits/${facts.sha}`,
    html_url: `${origin}/${owner}/${name}/commit/${facts.sha}`,
    commit: {
      author: gitUser(facts.author),
      committer: gitUser(facts.committer),
      message: facts.message,
      tree: { sha: facts.tree, url: `${repoApi}/git/trees/${facts.tree}` },
      url: `${repoApi}/git/commits/${facts.sha}`,
      comment_count: 0,
    },
    author: null,
    committer: null,
    parents: facts.parents.map((sha) => ({ sha, url: `${repoApi}/commits/${sha}` })),
  });
  /** A commit as the git database (POST /git/commits) returns it. */
  const gitCommit = (facts: CommitFacts) => ({
    sha: facts.sha,
    node_id: `C_${facts.sha}`,
    url: `${repoApi}/git/commits/${facts.sha}`,
    html_url: `${origin}/${owner}/${name}/commit/${facts.sha}`,
    author: gitUser(facts.author),
    committer: gitUser(facts.committer),
    message: facts.message,
    tree: { sha: facts.tree, url: `${repoApi}/git/trees/${facts.tree}` },
    parents: facts.parents.map((sha) => ({ sha, url: `${repoApi}/git/commits/${sha}` })),
    verification: { verified: false, reason: "unsigned", signature: null, payload: null },
  });
  const label = (labelName: string) => ({
    id: [...labelName].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7) >>> 0,
    node_id: `LA_${labelName}`,
    url: `${repoApi}/labels/${encodeURIComponent(labelName)}`,
    name: labelName,
    color: "ededed",
    default: false,
    description: null,
  });
  const branchRef = (branch: string, sha: string) => ({
    label: `${owner}:${branch}`,
    ref: branch,
    sha,
    user: userShape(ownerUser),
    repo: repository({ push: true, admin: true }),
  });
  const pull = (pr: PullRequest, headSha: string, baseSha: string) => ({
    url: `${repoApi}/pulls/${pr.number}`,
    id: 9000 + pr.number,
    node_id: `PR_${pr.number}`,
    html_url: `${origin}/${owner}/${name}/pull/${pr.number}`,
    number: pr.number,
    state: pr.state,
    locked: false,
    title: pr.title,
    user: userShape(pr.user),
    body: pr.body,
    labels: pr.labels.map((item) => label(item.name)),
    created_at: pr.createdAt,
    updated_at: pr.updatedAt,
    closed_at: pr.closedAt,
    merged_at: pr.mergedAt,
    merge_commit_sha: pr.mergeCommitSha,
    draft: false,
    head: branchRef(pr.head, headSha),
    base: branchRef(pr.base, baseSha),
  });
  const issue = (item: Issue) => ({
    url: `${repoApi}/issues/${item.number}`,
    id: 7000 + item.number,
    node_id: `I_${item.number}`,
    html_url: `${origin}/${owner}/${name}/issues/${item.number}`,
    number: item.number,
    state: item.state,
    title: item.title,
    body: item.body,
    user: userShape(item.user),
    labels: item.labels.map((entry) => label(entry.name)),
    comments: item.comments.length,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
    closed_at: item.state === "closed" ? item.updatedAt : null,
  });
  const comment = (item: Issue, entry: Issue["comments"][number]) => ({
    id: entry.id,
    node_id: `IC_${entry.id}`,
    url: `${repoApi}/issues/comments/${entry.id}`,
    html_url: `${origin}/${owner}/${name}/issues/${item.number}#issuecomment-${entry.id}`,
    issue_url: `${repoApi}/issues/${item.number}`,
    body: entry.body,
    user: userShape(entry.user),
    created_at: entry.createdAt,
    updated_at: entry.updatedAt,
  });
  return {
    repoApi,
    user: userShape,
    /** GET /user and GET /users/{login}: the public profile plus name and email. */
    profile: (user: FakeUser) => ({ ...userShape(user), name: user.name, email: user.email }),
    repository,
    commit,
    gitCommit,
    label,
    pull,
    issue,
    comment,
  };
}

/** GitHub's error body: a message, the documentation it points at, the status as a string. */
export function githubError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return {
    message,
    documentation_url: "https://docs.github.com/rest",
    status: String(status),
    ...extra,
  };
}
