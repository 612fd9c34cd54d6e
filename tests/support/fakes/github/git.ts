// The fake GitHub's storage: a real (bare) git repository driven with git's own plumbing, so every blob,
// tree, commit, branch and merge the admin makes through the REST API is a real git object.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type GitUser = { name: string; email: string; date?: string };

export type TreeEntry = {
  mode: string;
  type: "blob" | "tree" | "commit";
  sha: string;
  size: number | null;
  path: string;
};

export type CommitFacts = {
  sha: string;
  tree: string;
  parents: string[];
  author: Required<GitUser>;
  committer: Required<GitUser>;
  message: string;
};

export type DiffFile = {
  filename: string;
  status: "added" | "modified" | "removed" | "renamed";
  previousFilename?: string;
  sha: string;
  additions: number;
  deletions: number;
  /** The unified diff's hunks; undefined for a binary file, as GitHub leaves `patch` out for those. */
  patch?: string;
};

/** A git command failed: `notFound` when git said the object or path does not exist. */
export class GitError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

const NUL = "\0";

export function createGit(gitDir: string) {
  const run = (
    args: string[],
    options: { input?: Buffer | string; env?: Record<string, string> } = {},
  ) =>
    new Promise<Buffer>((resolve, reject) => {
      const child = execFile(
        "git",
        ["--git-dir", gitDir, ...args],
        {
          encoding: "buffer",
          maxBuffer: 64 * 1024 * 1024,
          env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", ...options.env },
        },
        (error, stdout, stderr) => {
          if (error)
            reject(
              new GitError(
                `git ${args.join(" ")}: ${stderr.toString("utf8").trim()}`,
                typeof error.code === "number" ? error.code : null,
              ),
            );
          else resolve(stdout);
        },
      );
      // A command that reads no input may exit before taking it: that pipe error is not the command's.
      child.stdin?.on("error", () => undefined);
      child.stdin?.end(options.input);
    });
  const text = async (args: string[], input?: string) =>
    (await run(args, { input })).toString("utf8");

  const git = {
    gitDir,
    run,
    text,
    /** The commit a name (branch, sha, `owner:branch` already stripped) stands for, or null. */
    async resolveCommit(name: string): Promise<string | null> {
      const ref = /^[0-9a-f]{40}$/.test(name) ? name : `refs/heads/${name}`;
      try {
        return (await text(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])).trim() || null;
      } catch {
        return null;
      }
    },
    async branchTip(branch: string): Promise<string | null> {
      try {
        return (
          (await text(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`])).trim() || null
        );
      } catch {
        return null;
      }
    },
    async objectType(sha: string): Promise<string | null> {
      try {
        return (await text(["cat-file", "-t", sha])).trim();
      } catch {
        return null;
      }
    },
    /** The entries of a tree (`<rev>:<path>` or a tree sha), recursively with the trees in between. */
    async listTree(
      treeish: string,
      recursive: boolean,
    ): Promise<{ sha: string; entries: TreeEntry[] } | null> {
      // After `rev:` everything is a path, so only a bare name is peeled to its tree.
      const name = treeish.includes(":") ? treeish : `${treeish}^{tree}`;
      let sha: string;
      try {
        sha = (await text(["rev-parse", "--verify", "--quiet", name])).trim();
      } catch {
        return null;
      }
      if ((await git.objectType(sha)) !== "tree") return null;
      const out = await text(["ls-tree", "-l", "-z", ...(recursive ? ["-r", "-t"] : []), sha]);
      const entries = out
        .split(NUL)
        .filter(Boolean)
        .map((line) => {
          const [meta = "", entryPath = ""] = line.split("\t");
          const [mode = "", type = "", objectSha = "", size = "-"] = meta.split(/\s+/);
          return {
            mode,
            type: type as TreeEntry["type"],
            sha: objectSha,
            size: size === "-" ? null : Number(size),
            path: entryPath,
          };
        });
      return { sha, entries };
    },
    /**
     * Objects by name (a sha, or `<rev>:<path>`), read by one `git cat-file --batch`: each one's sha, type and
     * bytes, or null where git has no such object. The GraphQL endpoint reads a query's objects this way.
     */
    async readObjects(
      names: readonly string[],
    ): Promise<Array<{ sha: string; type: string; bytes: Buffer } | null>> {
      if (names.length === 0) return [];
      const out = await run(["cat-file", "--batch"], { input: `${names.join("\n")}\n` });
      const found: Array<{ sha: string; type: string; bytes: Buffer } | null> = [];
      let at = 0;
      for (let i = 0; i < names.length; i += 1) {
        const end = out.indexOf(0x0a, at);
        const header = out.subarray(at, end).toString("utf8").split(" ");
        at = end + 1;
        if (header.length !== 3 || header[2] === "missing") {
          found.push(null);
          continue;
        }
        const [sha = "", type = "", size = "0"] = header;
        found.push({ sha, type, bytes: out.subarray(at, at + Number(size)) });
        at += Number(size) + 1;
      }
      return found;
    },
    async readBlob(sha: string): Promise<Buffer | null> {
      if ((await git.objectType(sha)) !== "blob") return null;
      return run(["cat-file", "blob", sha]);
    },
    async writeBlob(content: Buffer): Promise<string> {
      return (await run(["hash-object", "-w", "--stdin"], { input: content }))
        .toString("utf8")
        .trim();
    },
    /** A tree: `base` (a tree or commit) with blobs set (sha) or removed (sha null) at the given paths. */
    async writeTree(
      base: string | null,
      changes: Array<{ path: string; mode: string; sha: string | null }>,
    ) {
      const dir = mkdtempSync(path.join(os.tmpdir(), "fake-github-index-"));
      const env = { GIT_INDEX_FILE: path.join(dir, "index") };
      try {
        await run(base ? ["read-tree", base] : ["read-tree", "--empty"], { env });
        const lines = changes.map((change) =>
          change.sha === null
            ? `0 ${"0".repeat(40)}\t${change.path}`
            : `${change.mode} ${change.sha}\t${change.path}`,
        );
        if (lines.length > 0)
          await run(["update-index", "--index-info"], { env, input: `${lines.join("\n")}\n` });
        return (await run(["write-tree"], { env })).toString("utf8").trim();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    async writeCommit(
      tree: string,
      parents: string[],
      message: string,
      author: GitUser,
      committer: GitUser,
    ) {
      const env: Record<string, string> = {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_COMMITTER_NAME: committer.name,
        GIT_COMMITTER_EMAIL: committer.email,
        ...(author.date ? { GIT_AUTHOR_DATE: author.date } : {}),
        ...(committer.date ? { GIT_COMMITTER_DATE: committer.date } : {}),
      };
      const args = ["commit-tree", tree, ...parents.flatMap((parent) => ["-p", parent]), "-F", "-"];
      return (await run(args, { env, input: message })).toString("utf8").trim();
    },
    async commit(sha: string): Promise<CommitFacts | null> {
      if ((await git.objectType(sha)) !== "commit") return null;
      const format = ["%H", "%T", "%P", "%an", "%ae", "%aI", "%cn", "%ce", "%cI", "%B"].join(
        "%x00",
      );
      const out = await text(["show", "-s", `--format=${format}`, sha]);
      const [
        full = "",
        tree = "",
        parents = "",
        an = "",
        ae = "",
        ad = "",
        cn = "",
        ce = "",
        cd = "",
        ...body
      ] = out.split(NUL);
      return {
        sha: full,
        tree,
        parents: parents.split(" ").filter(Boolean),
        author: { name: an, email: ae, date: ad },
        committer: { name: cn, email: ce, date: cd },
        message: body.join(NUL).replace(/\n+$/, ""),
      };
    },
    /** Moves a branch: `expected` null creates it (failing if it exists), else it must still be `expected`. */
    async setBranch(branch: string, sha: string, expected: string | null) {
      await run(["update-ref", `refs/heads/${branch}`, sha, expected ?? ""]);
    },
    async deleteBranch(branch: string) {
      await run(["update-ref", "-d", `refs/heads/${branch}`]);
    },
    async isAncestor(ancestor: string, of: string): Promise<boolean> {
      try {
        await run(["merge-base", "--is-ancestor", ancestor, of]);
        return true;
      } catch {
        return false;
      }
    },
    async mergeBase(a: string, b: string): Promise<string | null> {
      try {
        return (await text(["merge-base", a, b])).trim() || null;
      } catch {
        return null;
      }
    },
    /** Commits reachable from `head` but not from `base`, oldest first. */
    async commitsBetween(base: string, head: string): Promise<string[]> {
      return (await text(["rev-list", "--reverse", `${base}..${head}`]))
        .split("\n")
        .filter(Boolean);
    },
    /** The tree of merging `theirs` into `ours`, or null when they conflict. */
    async mergeTree(ours: string, theirs: string): Promise<string | null> {
      try {
        return (
          (await text(["merge-tree", "--write-tree", ours, theirs])).split("\n")[0]?.trim() ?? null
        );
      } catch (error) {
        if (error instanceof GitError && error.code === 1) return null;
        throw error;
      }
    },
    /** What changed from `from` to `to`, file by file, as GitHub's compare lists it. */
    async diff(from: string, to: string): Promise<DiffFile[]> {
      const status = (await text(["diff", "-z", "--name-status", "-M", from, to]))
        .split(NUL)
        .filter(Boolean);
      const numstat = (await text(["diff", "-z", "--numstat", "-M", from, to])).split(NUL);
      const counts = new Map<string, { additions: number; deletions: number; binary: boolean }>();
      for (let i = 0; i < numstat.length; i++) {
        const [added = "", deleted = "", single = ""] = (numstat[i] ?? "").split("\t");
        if (added === "" && deleted === "") continue;
        // A rename lists its two paths as the next two NUL-separated items.
        const file = single !== "" ? single : (numstat[i + 2] ?? "");
        if (single === "") i += 2;
        counts.set(file, {
          additions: Number(added) || 0,
          deletions: Number(deleted) || 0,
          binary: added === "-",
        });
      }
      const files: DiffFile[] = [];
      for (let i = 0; i < status.length; i++) {
        const code = status[i] ?? "";
        const renamed = code.startsWith("R");
        const previous = renamed ? status[++i] : undefined;
        const filename = status[++i] ?? "";
        const kind = renamed
          ? "renamed"
          : code === "A"
            ? "added"
            : code === "D"
              ? "removed"
              : "modified";
        const sha = (
          await text([
            "rev-parse",
            `${kind === "removed" ? from : to}:${kind === "removed" ? filename : filename}`,
          ])
        ).trim();
        const count = counts.get(filename) ?? { additions: 0, deletions: 0, binary: false };
        const patch =
          count.binary || kind === "renamed"
            ? undefined
            : await git.patch(from, to, previous ?? filename, filename);
        files.push({
          filename,
          status: kind,
          ...(previous ? { previousFilename: previous } : {}),
          sha,
          additions: count.additions,
          deletions: count.deletions,
          ...(patch === undefined ? {} : { patch }),
        });
      }
      return files;
    },
    /** The hunks of one file's diff, from its first `@@` on, as GitHub's `patch` holds them. */
    async patch(from: string, to: string, before: string, after: string): Promise<string> {
      const out = await text(["diff", from, to, "--", ...new Set([before, after])]);
      const at = out.indexOf("@@");
      return at === -1 ? "" : out.slice(at).replace(/\n$/, "");
    },
  };
  return git;
}

export type Git = ReturnType<typeof createGit>;
