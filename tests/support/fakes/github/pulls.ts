// The fake GitHub's pull requests (open, list, relabel, close, merge with a real merge commit), issues with
// their comments (Decap keeps an entry's notes there) and the issue search that finds them.
import type { Label, PullRequest } from "./shapes";
import { fail, invalid, now, ok, stripOwner, text, type RepoState, type Route } from "./routes";

async function pullReply(repo: RepoState, pr: PullRequest) {
  const head = (await repo.git.branchTip(pr.head)) ?? pr.lastHeadSha;
  const base = (await repo.git.branchTip(pr.base)) ?? "";
  return repo.shapes.pull(pr, head, base);
}

const findPull = (repo: RepoState, number: string) =>
  repo.pulls.find((pr) => String(pr.number) === number);
const findIssue = (repo: RepoState, number: string) =>
  repo.issues.find((item) => String(item.number) === number);
const labelsOf = (value: unknown): Label[] | null =>
  Array.isArray(value)
    ? value.map((item) => ({
        name: typeof item === "string" ? item : String((item as { name?: unknown }).name),
      }))
    : null;

/** Issue-style label routes act on pull requests and issues alike, as on GitHub. */
function labelled(repo: RepoState, number: string) {
  return findPull(repo, number) ?? findIssue(repo, number);
}

export const pullRoutes: Route[] = [
  {
    method: "GET",
    pattern: /^\/pulls$/,
    handle: async (repo, call) => {
      const state = call.query.get("state") ?? "open";
      const head = call.query.get("head");
      const base = call.query.get("base");
      const perPage = Math.min(100, Number(call.query.get("per_page") ?? 30) || 30);
      const chosen = repo.pulls
        .filter((pr) => state === "all" || pr.state === state)
        .filter((pr) => head === null || stripOwner(repo, head) === pr.head)
        .filter((pr) => base === null || pr.base === base)
        .sort((a, b) => b.number - a.number)
        .slice(0, perPage);
      const list = [];
      for (const pr of chosen) list.push(await pullReply(repo, pr));
      return ok(list);
    },
  },
  {
    method: "POST",
    pattern: /^\/pulls$/,
    handle: async (repo, call) => {
      const title = text(call.body.title);
      const head = stripOwner(repo, text(call.body.head) ?? "");
      const base = text(call.body.base) ?? "";
      if (!title) return invalid("PullRequest", "title", "missing_field");
      const headSha = await repo.git.branchTip(head);
      const baseSha = await repo.git.branchTip(base);
      if (!headSha) return invalid("PullRequest", "head", "invalid");
      if (!baseSha) return invalid("PullRequest", "base", "invalid");
      if (repo.pulls.some((pr) => pr.state === "open" && pr.head === head && pr.base === base))
        return invalid(
          "PullRequest",
          "head",
          "custom",
          `A pull request already exists for ${repo.owner}:${head}.`,
        );
      if ((await repo.git.commitsBetween(baseSha, headSha)).length === 0)
        return invalid("PullRequest", "head", "custom", `No commits between ${base} and ${head}`);
      const at = now();
      const pr: PullRequest = {
        number: repo.nextNumber++,
        title,
        body: text(call.body.body),
        head,
        base,
        state: "open",
        labels: [],
        user: repo.user,
        createdAt: at,
        updatedAt: at,
        closedAt: null,
        mergedAt: null,
        mergeCommitSha: null,
        lastHeadSha: headSha,
      };
      repo.pulls.push(pr);
      return ok(await pullReply(repo, pr), 201);
    },
  },
  {
    method: "GET",
    pattern: /^\/pulls\/(\d+)$/,
    handle: async (repo, _call, [number = ""]) => {
      const pr = findPull(repo, number);
      return pr ? ok(await pullReply(repo, pr)) : fail(404, "Not Found");
    },
  },
  {
    method: "PATCH",
    pattern: /^\/pulls\/(\d+)$/,
    handle: async (repo, call, [number = ""]) => {
      const pr = findPull(repo, number);
      if (!pr) return fail(404, "Not Found");
      const state = text(call.body.state);
      if (state !== null && state !== "open" && state !== "closed")
        return invalid("PullRequest", "state", "invalid");
      if (state === "open" && pr.mergedAt)
        return invalid("PullRequest", "state", "custom", "Cannot reopen a merged pull request");
      if (state) {
        pr.state = state;
        pr.closedAt = state === "closed" ? now() : null;
      }
      pr.title = text(call.body.title) ?? pr.title;
      pr.body = call.body.body === undefined ? pr.body : text(call.body.body);
      pr.updatedAt = now();
      return ok(await pullReply(repo, pr));
    },
  },
  {
    method: "GET",
    pattern: /^\/pulls\/(\d+)\/commits$/,
    handle: async (repo, _call, [number = ""]) => {
      const pr = findPull(repo, number);
      if (!pr) return fail(404, "Not Found");
      const head = (await repo.git.branchTip(pr.head)) ?? pr.lastHeadSha;
      const base = await repo.git.branchTip(pr.base);
      const list = [];
      for (const sha of base ? await repo.git.commitsBetween(base, head) : []) {
        const facts = await repo.git.commit(sha);
        if (facts) list.push(repo.shapes.commit(facts));
      }
      return ok(list);
    },
  },
  {
    method: "PUT",
    pattern: /^\/pulls\/(\d+)\/merge$/,
    handle: async (repo, call, [number = ""]) => {
      const pr = findPull(repo, number);
      if (!pr) return fail(404, "Not Found");
      const head = await repo.git.branchTip(pr.head);
      const base = await repo.git.branchTip(pr.base);
      if (pr.state !== "open" || !head || !base) return fail(405, "Pull Request is not mergeable");
      const expected = text(call.body.sha);
      if (expected !== null && expected !== head)
        return fail(409, "Head branch was modified. Review and try the merge again.");
      const method = text(call.body.merge_method) ?? "merge";
      if (method !== "merge" && method !== "squash")
        return fail(405, `Merge method ${method} is not allowed here`);
      const tree = await repo.git.mergeTree(base, head);
      if (!tree) return fail(405, "Pull Request is not mergeable");
      const title =
        text(call.body.commit_title) ??
        `Merge pull request #${pr.number} from ${repo.owner}/${pr.head}`;
      const message = text(call.body.commit_message);
      const who = { name: repo.user.name, email: repo.user.email };
      const sha = await repo.git.writeCommit(
        tree,
        method === "merge" ? [base, head] : [base],
        message ? `${title}\n\n${message}` : title,
        who,
        who,
      );
      await repo.git.setBranch(pr.base, sha, base);
      const at = now();
      Object.assign(pr, {
        state: "closed",
        closedAt: at,
        mergedAt: at,
        updatedAt: at,
        mergeCommitSha: sha,
        lastHeadSha: head,
      });
      return ok({ sha, merged: true, message: "Pull Request successfully merged" });
    },
  },
  {
    method: "PUT",
    pattern: /^\/issues\/(\d+)\/labels$/,
    handle: async (repo, call, [number = ""]) => {
      const item = labelled(repo, number);
      const labels = labelsOf(call.body.labels ?? call.body);
      if (!item) return fail(404, "Not Found");
      if (!labels) return invalid("Label", "labels", "invalid");
      item.labels = labels;
      item.updatedAt = now();
      return ok(item.labels.map((label) => repo.shapes.label(label.name)));
    },
  },
  {
    method: "POST",
    pattern: /^\/issues\/(\d+)\/labels$/,
    handle: async (repo, call, [number = ""]) => {
      const item = labelled(repo, number);
      const labels = labelsOf(call.body.labels ?? call.body);
      if (!item) return fail(404, "Not Found");
      if (!labels) return invalid("Label", "labels", "invalid");
      for (const label of labels)
        if (!item.labels.some((have) => have.name === label.name)) item.labels.push(label);
      return ok(item.labels.map((label) => repo.shapes.label(label.name)));
    },
  },
];

export const issueRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/issues$/,
    handle: async (repo, call) => {
      const title = text(call.body.title);
      if (!title) return invalid("Issue", "title", "missing_field");
      const at = now();
      const item = {
        number: repo.nextNumber++,
        title,
        body: text(call.body.body) ?? "",
        state: "open" as const,
        labels: labelsOf(call.body.labels) ?? [],
        user: repo.user,
        createdAt: at,
        updatedAt: at,
        comments: [],
      };
      repo.issues.push(item);
      return ok(repo.shapes.issue(item), 201);
    },
  },
  {
    method: "GET",
    pattern: /^\/issues\/(\d+)$/,
    handle: async (repo, call, [number = ""]) => {
      const item = findIssue(repo, number);
      if (!item) return fail(404, "Not Found");
      const body = repo.shapes.issue(item);
      const etag = `"${Buffer.from(JSON.stringify(body)).toString("base64url").slice(-32)}"`;
      if (call.headers["if-none-match"] === etag) return { status: 304, headers: { etag } };
      return ok(body, 200, { etag });
    },
  },
  {
    method: "PATCH",
    pattern: /^\/issues\/(\d+)$/,
    handle: async (repo, call, [number = ""]) => {
      const item = findIssue(repo, number);
      if (!item) return fail(404, "Not Found");
      const state = text(call.body.state);
      if (state === "open" || state === "closed") item.state = state;
      item.labels = labelsOf(call.body.labels) ?? item.labels;
      item.updatedAt = now();
      return ok(repo.shapes.issue(item));
    },
  },
  {
    method: "GET",
    pattern: /^\/issues\/(\d+)\/comments$/,
    handle: async (repo, _call, [number = ""]) => {
      const item = findIssue(repo, number);
      return item
        ? ok(item.comments.map((entry) => repo.shapes.comment(item, entry)))
        : fail(404, "Not Found");
    },
  },
  {
    method: "POST",
    pattern: /^\/issues\/(\d+)\/comments$/,
    handle: async (repo, call, [number = ""]) => {
      const item = findIssue(repo, number);
      const body = text(call.body.body);
      if (!item) return fail(404, "Not Found");
      if (!body) return invalid("IssueComment", "body", "missing_field");
      const at = now();
      const entry = {
        id: repo.nextCommentId++,
        body,
        user: repo.user,
        createdAt: at,
        updatedAt: at,
      };
      item.comments.push(entry);
      return ok(repo.shapes.comment(item, entry), 201);
    },
  },
  {
    method: "PATCH",
    pattern: /^\/issues\/comments\/(\d+)$/,
    handle: async (repo, call, [id = ""]) => {
      for (const item of repo.issues) {
        const entry = item.comments.find((c) => String(c.id) === id);
        if (!entry) continue;
        entry.body = text(call.body.body) ?? entry.body;
        entry.updatedAt = now();
        return ok(repo.shapes.comment(item, entry));
      }
      return fail(404, "Not Found");
    },
  },
  {
    method: "DELETE",
    pattern: /^\/issues\/comments\/(\d+)$/,
    handle: async (repo, _call, [id = ""]) => {
      for (const item of repo.issues) {
        const at = item.comments.findIndex((c) => String(c.id) === id);
        if (at === -1) continue;
        item.comments.splice(at, 1);
        return { status: 204 };
      }
      return fail(404, "Not Found");
    },
  },
];

/**
 * GET /search/issues?q=: the qualifiers Decap writes (repo:, label:, state:, in:body with a quoted phrase);
 * issues only, since it always asks for a label only its notes issues carry.
 */
export function searchIssues(repo: RepoState, q: string) {
  const quoted = [...q.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? "");
  const terms = q
    .replace(/"[^"]*"/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const qualifier = (key: string) =>
    terms.filter((term) => term.startsWith(`${key}:`)).map((term) => term.slice(key.length + 1));
  const repoNames = qualifier("repo").map((name) => name.toLowerCase());
  const labels = qualifier("label");
  const states = qualifier("state");
  const mine =
    repoNames.length === 0 || repoNames.includes(`${repo.owner}/${repo.name}`.toLowerCase());
  const items = mine
    ? repo.issues.filter(
        (item) =>
          labels.every((label) => item.labels.some((have) => have.name === label)) &&
          states.every((state) => item.state === state) &&
          quoted.every((phrase) => item.body.includes(phrase) || item.title.includes(phrase)),
      )
    : [];
  return {
    total_count: items.length,
    incomplete_results: false,
    items: items.map((item) => repo.shapes.issue(item)),
  };
}
