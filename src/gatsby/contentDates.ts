/**
 * When each content file last changed on the branch being built, from git history, for the sitemap's
 * `lastmod`. Only dates the history can vouch for: a file with uncommitted changes, or one whose last change
 * lies beyond a shallow clone's edge (the edge commit seems to add every file), gets none, and so does every
 * file when git or the repository is missing.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

type Git = (args: string[]) => string;

function gitIn(root: string): Git {
  return (args) =>
    execFileSync("git", ["-c", "core.quotePath=false", ...args], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 256 * 1024 * 1024,
    });
}

/** The commits a shallow clone ends at (their parents are missing), or none in a full clone. */
function shallowEdge(git: Git, root: string): Set<string> {
  if (git(["rev-parse", "--is-shallow-repository"]).trim() !== "true") return new Set();
  const file = path.resolve(root, git(["rev-parse", "--git-path", "shallow"]).trim());
  return new Set(
    fs.existsSync(file) ? fs.readFileSync(file, "utf8").split(/\s+/).filter(Boolean) : [],
  );
}

/**
 * Repository-relative path → ISO date of the commit that last changed it under `folders`, following the
 * first parent: a change merged from a branch (a CMS draft's pull request) dates from its merge, when it
 * reached the branch that deploys.
 */
export function lastCommitDates(root: string, folders: readonly string[]): Map<string, string> {
  const dates = new Map<string, string>();
  const git = gitIn(root);
  let log: string;
  let edge: Set<string>;
  let dirty: string;
  try {
    edge = shallowEdge(git, root);
    log = git([
      "log",
      "--first-parent",
      "--diff-merges=first-parent",
      "--name-only",
      "--format=%x1e%H %cI",
      "--",
      ...folders,
    ]);
    dirty = git(["status", "--porcelain", "-z", "--untracked-files=all", "--", ...folders]);
  } catch {
    return dates;
  }
  const unknown = new Set<string>();
  for (const record of log.split("\x1e").slice(1)) {
    const [head = "", ...files] = record.split("\n");
    const [hash = "", date = ""] = head.split(" ");
    for (const file of files.filter(Boolean)) {
      if (dates.has(file) || unknown.has(file)) continue;
      if (edge.has(hash)) unknown.add(file);
      else dates.set(file, date);
    }
  }
  // "XY path" entries, NUL-separated; a rename adds its old path as the next entry.
  for (const entry of dirty.split("\0")) {
    if (entry.length > 3) dates.delete(entry.slice(3));
  }
  return dates;
}
