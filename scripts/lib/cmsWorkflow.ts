// `npm run cms -- --workflow`: a scratch clone of this repository for decap-server's git mode, which checks
// branches out in the repository it serves (one per draft, cms/<collection>/<slug>) and so must never serve the
// developer's own working tree.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** Where the scratch clone lives: outside the repository, one per checkout. */
export const workflowClonePath = (root: string, tmp = os.tmpdir()) =>
  path.join(tmp, `${path.basename(root)}-cms-workflow`);

/**
 * Clones `root` into `dir` once (an existing clone keeps its drafts) with `main` at the commit `root` has checked
 * out, and a committer identity when git has none, since every save is a commit. Throws outside a git repository.
 */
export function prepareWorkflowClone(root: string, dir = workflowClonePath(root)) {
  if (fs.existsSync(path.join(dir, ".git")))
    return { dir, created: false, commit: git(dir, "rev-parse", "main") };
  const commit = git(root, "rev-parse", "HEAD");
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  git(path.dirname(dir), "clone", "--quiet", "--no-checkout", root, dir);
  git(dir, "checkout", "--quiet", "-B", "main", commit);
  // Only main: decap-server takes every local cms/* branch for a draft.
  for (const branch of git(dir, "branch", "--format=%(refname:short)").split("\n"))
    if (branch && branch !== "main") git(dir, "branch", "--quiet", "-D", branch);
  let email = "";
  try {
    email = git(dir, "config", "user.email");
  } catch {
    // unset: git exits 1
  }
  if (!email) {
    git(dir, "config", "user.name", "Content admin (local workflow)");
    git(dir, "config", "user.email", "cms@localhost");
  }
  return { dir, created: true, commit };
}
