// The fake GitHub's repository routes over real git objects: blobs, trees, commits and refs (the Git
// database API), branches, compare, the commit history of a path, and commit statuses.
import { fail, invalid, now, ok, stripOwner, text, type RepoState, type Route } from "./routes";

const SHA = /^[0-9a-f]{40}$/;

async function commitReply(repo: RepoState, sha: string) {
  const facts = await repo.git.commit(sha);
  return facts ? repo.shapes.commit(facts) : null;
}

const refShape = (repo: RepoState, branch: string, sha: string) => ({
  ref: `refs/heads/${branch}`,
  node_id: `REF_${branch}`,
  url: `${repo.shapes.repoApi}/git/refs/heads/${branch}`,
  object: { sha, type: "commit", url: `${repo.shapes.repoApi}/git/commits/${sha}` },
});

export const gitDataRoutes: Route[] = [
  {
    method: "GET",
    pattern: /^\/git\/blobs\/([0-9a-f]{40})$/,
    handle: async (repo, _call, [sha = ""]) => {
      const content = await repo.git.readBlob(sha);
      if (!content) return fail(404, "Not Found");
      return ok({
        sha,
        node_id: `B_${sha}`,
        size: content.length,
        url: `${repo.shapes.repoApi}/git/blobs/${sha}`,
        content: content.toString("base64").replace(/.{60}/g, "$&\n"),
        encoding: "base64",
      });
    },
  },
  {
    method: "POST",
    pattern: /^\/git\/blobs$/,
    handle: async (repo, call) => {
      const content = text(call.body.content);
      const encoding = text(call.body.encoding) ?? "utf-8";
      if (content === null) return invalid("Blob", "content", "missing_field");
      if (encoding !== "base64" && encoding !== "utf-8")
        return invalid("Blob", "encoding", "invalid");
      const sha = await repo.git.writeBlob(
        Buffer.from(content, encoding === "base64" ? "base64" : "utf8"),
      );
      return ok({ sha, url: `${repo.shapes.repoApi}/git/blobs/${sha}` }, 201);
    },
  },
  {
    method: "GET",
    pattern: /^\/git\/trees\/(.+)$/,
    handle: async (repo, call, [treeish = ""]) => {
      const recursive = (call.query.get("recursive") ?? "") !== "";
      const listed = await repo.git.listTree(treeish, recursive);
      if (!listed) return fail(404, "Not Found");
      return ok({
        sha: listed.sha,
        url: `${repo.shapes.repoApi}/git/trees/${listed.sha}`,
        tree: listed.entries.map((entry) => ({
          path: entry.path,
          mode: entry.mode,
          type: entry.type,
          sha: entry.sha,
          ...(entry.size === null ? {} : { size: entry.size }),
          url: `${repo.shapes.repoApi}/git/${entry.type}s/${entry.sha}`,
        })),
        truncated: false,
      });
    },
  },
  {
    method: "POST",
    pattern: /^\/git\/trees$/,
    handle: async (repo, call) => {
      const base = text(call.body.base_tree);
      if (base !== null && (await repo.git.listTree(base, false)) === null)
        return invalid("Tree", "base_tree", "invalid");
      const entries = Array.isArray(call.body.tree)
        ? (call.body.tree as Record<string, unknown>[])
        : null;
      if (!entries) return invalid("Tree", "tree", "missing_field");
      const changes = [];
      for (const entry of entries) {
        const path = text(entry.path);
        const sha = entry.sha === null ? null : text(entry.sha);
        if (path === null || (entry.type ?? "blob") !== "blob")
          return invalid("Tree", "tree", "invalid");
        if (sha !== null && (await repo.git.objectType(sha)) !== "blob")
          return fail(422, `tree.sha ${String(sha)} is not a valid blob`);
        changes.push({ path, mode: text(entry.mode) ?? "100644", sha });
      }
      const sha = await repo.git.writeTree(base, changes);
      const listed = await repo.git.listTree(sha, false);
      return ok(
        {
          sha,
          url: `${repo.shapes.repoApi}/git/trees/${sha}`,
          tree: listed?.entries ?? [],
          truncated: false,
        },
        201,
      );
    },
  },
  {
    method: "POST",
    pattern: /^\/git\/commits$/,
    handle: async (repo, call) => {
      const message = text(call.body.message);
      const tree = text(call.body.tree);
      const parents = Array.isArray(call.body.parents) ? call.body.parents.map(String) : [];
      if (message === null) return invalid("Commit", "message", "missing_field");
      if (tree === null || (await repo.git.objectType(tree)) !== "tree")
        return invalid("Commit", "tree", "invalid");
      for (const parent of parents)
        if ((await repo.git.objectType(parent)) !== "commit")
          return invalid("Commit", "parents", "invalid");
      // Without an author the commit is the signed-in user's, dated now.
      const who = (value: unknown) => {
        const given = (value ?? {}) as Record<string, unknown>;
        return {
          name: text(given.name) || repo.user.name,
          email: text(given.email) || repo.user.email,
          ...(text(given.date) ? { date: String(given.date) } : {}),
        };
      };
      const author = who(call.body.author);
      const sha = await repo.git.writeCommit(
        tree,
        parents,
        message,
        author,
        call.body.committer ? who(call.body.committer) : author,
      );
      const facts = await repo.git.commit(sha);
      return ok(facts ? repo.shapes.gitCommit(facts) : null, 201);
    },
  },
  {
    method: "POST",
    pattern: /^\/git\/refs$/,
    handle: async (repo, call) => {
      const ref = text(call.body.ref);
      const sha = text(call.body.sha);
      const branch = ref?.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null;
      if (!branch || branch.split("/").length < 1) return fail(422, "Reference name is not valid");
      if (!sha || !SHA.test(sha) || (await repo.git.objectType(sha)) !== "commit")
        return fail(422, "Object does not exist");
      if ((await repo.git.branchTip(branch)) !== null) return fail(422, "Reference already exists");
      await repo.git.setBranch(branch, sha, null);
      return ok(refShape(repo, branch, sha), 201);
    },
  },
  {
    method: "PATCH",
    pattern: /^\/git\/refs\/heads\/(.+)$/,
    handle: async (repo, call, [branch = ""]) => {
      const sha = text(call.body.sha);
      const current = await repo.git.branchTip(branch);
      if (current === null) return fail(422, "Reference does not exist");
      if (!sha || (await repo.git.objectType(sha)) !== "commit")
        return fail(422, "Object does not exist");
      if (call.body.force !== true && !(await repo.git.isAncestor(current, sha)))
        return fail(422, "Update is not a fast forward");
      await repo.git.setBranch(branch, sha, current);
      return ok(refShape(repo, branch, sha));
    },
  },
  {
    method: "DELETE",
    pattern: /^\/git\/refs\/heads\/(.+)$/,
    handle: async (repo, _call, [branch = ""]) => {
      const tip = await repo.git.branchTip(branch);
      if (tip === null) return fail(422, "Reference does not exist");
      for (const pr of repo.pulls) if (pr.head === branch) pr.lastHeadSha = tip;
      await repo.git.deleteBranch(branch);
      return { status: 204 };
    },
  },
  {
    method: "GET",
    pattern: /^\/branches\/(.+)$/,
    handle: async (repo, _call, [branch = ""]) => {
      const tip = await repo.git.branchTip(branch);
      const commit = tip === null ? null : await commitReply(repo, tip);
      if (!commit) return fail(404, "Branch not found");
      return ok({
        name: branch,
        commit,
        protected: false,
        _links: {
          self: `${repo.shapes.repoApi}/branches/${branch}`,
          html: `${repo.shapes.repoApi}/tree/${branch}`,
        },
      });
    },
  },
  {
    method: "GET",
    pattern: /^\/compare\/(.+?)\.\.\.(.+)$/,
    handle: async (repo, _call, [baseName = "", headName = ""]) => {
      const base = await repo.git.resolveCommit(stripOwner(repo, baseName));
      const head = await repo.git.resolveCommit(stripOwner(repo, headName));
      const mergeBase = base && head ? await repo.git.mergeBase(base, head) : null;
      if (!base || !head || !mergeBase) return fail(404, "Not Found");
      const ahead = await repo.git.commitsBetween(base, head);
      const behind = await repo.git.commitsBetween(head, base);
      const commits = [];
      for (const sha of ahead) commits.push(await commitReply(repo, sha));
      const files = (await repo.git.diff(mergeBase, head)).map((file) => ({
        sha: file.sha,
        filename: file.filename,
        status: file.status,
        additions: file.additions,
        deletions: file.deletions,
        changes: file.additions + file.deletions,
        ...(file.previousFilename ? { previous_filename: file.previousFilename } : {}),
        ...(file.patch === undefined ? {} : { patch: file.patch }),
      }));
      const status =
        ahead.length && behind.length
          ? "diverged"
          : ahead.length
            ? "ahead"
            : behind.length
              ? "behind"
              : "identical";
      return ok({
        url: `${repo.shapes.repoApi}/compare/${baseName}...${headName}`,
        status,
        ahead_by: ahead.length,
        behind_by: behind.length,
        total_commits: ahead.length,
        base_commit: await commitReply(repo, base),
        merge_base_commit: await commitReply(repo, mergeBase),
        commits,
        files,
      });
    },
  },
  {
    method: "GET",
    pattern: /^\/commits$/,
    handle: async (repo, call) => {
      const start = await repo.git.resolveCommit(call.query.get("sha") ?? "main");
      if (!start) return fail(404, "No commit found for SHA: " + (call.query.get("sha") ?? "main"));
      const perPage = Math.min(100, Number(call.query.get("per_page") ?? 30) || 30);
      const path = call.query.get("path");
      const out = await repo.git.text([
        "log",
        `--max-count=${perPage}`,
        "--format=%H",
        start,
        ...(path ? ["--", path] : []),
      ]);
      const list = [];
      for (const sha of out.split("\n").filter(Boolean)) list.push(await commitReply(repo, sha));
      return ok(list);
    },
  },
  {
    method: "GET",
    pattern: /^\/commits\/([^/]+)\/status$/,
    handle: async (repo, _call, [ref = ""]) => {
      const sha = await repo.git.resolveCommit(ref);
      if (!sha) return fail(404, `No commit found for SHA: ${ref}`);
      const statuses = repo.statuses.get(sha) ?? [];
      const states = statuses.map((status) => status.state);
      const state = states.some((s) => s === "error" || s === "failure")
        ? "failure"
        : states.length > 0 && states.every((s) => s === "success")
          ? "success"
          : "pending";
      return ok({
        state,
        statuses: statuses.map((status, i) => ({
          id: i + 1,
          url: `${repo.shapes.repoApi}/statuses/${sha}`,
          ...status,
          updated_at: status.created_at,
        })),
        sha,
        total_count: statuses.length,
        repository: repo.shapes.repository(repo.permissions),
        commit_url: `${repo.shapes.repoApi}/commits/${sha}`,
        url: `${repo.shapes.repoApi}/commits/${sha}/status`,
      });
    },
  },
  {
    method: "POST",
    pattern: /^\/statuses\/([0-9a-f]{40})$/,
    handle: async (repo, call, [sha = ""]) => {
      const state = text(call.body.state);
      if (!state || !["error", "failure", "pending", "success"].includes(state))
        return invalid("Status", "state", "invalid");
      if ((await repo.git.objectType(sha)) !== "commit")
        return fail(422, `No commit found for SHA: ${sha}`);
      const status = {
        state,
        target_url: text(call.body.target_url),
        description: text(call.body.description),
        context: text(call.body.context) ?? "default",
        created_at: now(),
      };
      // A newer status of the same context replaces the older one in the combined view.
      const kept = (repo.statuses.get(sha) ?? []).filter((old) => old.context !== status.context);
      repo.statuses.set(sha, [...kept, status]);
      return ok(
        { url: `${repo.shapes.repoApi}/statuses/${sha}`, ...status, updated_at: status.created_at },
        201,
      );
    },
  },
];
