// @vitest-environment node
// The scratch clone `npm run cms -- --workflow` serves: main at the checkout's commit, an identity to commit
// with, kept between runs, and the checkout itself left as it was.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prepareWorkflowClone, workflowClonePath } from "../../../scripts/lib/cmsWorkflow";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

let tmp: string;
let checkout: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cms-workflow-unit-"));
  // No global or system git settings: the clone must bring its own identity.
  const empty = path.join(tmp, "gitconfig");
  fs.writeFileSync(empty, "");
  vi.stubEnv("GIT_CONFIG_GLOBAL", empty);
  vi.stubEnv("GIT_CONFIG_NOSYSTEM", "1");
  checkout = path.join(tmp, "site");
  fs.mkdirSync(path.join(checkout, "content"), { recursive: true });
  fs.writeFileSync(path.join(checkout, "content", "page.yml"), "title: One\n");
  git(checkout, "init", "-q", "-b", "feature");
  git(checkout, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "add", "-A");
  git(checkout, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-qm", "one");
  // Work in progress in the checkout: the clone must neither take it nor disturb it.
  fs.writeFileSync(path.join(checkout, "content", "page.yml"), "title: Two (not committed)\n");
});

afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("prepareWorkflowClone", () => {
  it("clones outside the checkout with main at the checked-out commit, and commits as its own identity", () => {
    expect(workflowClonePath(checkout, tmp)).toBe(path.join(tmp, "site-cms-workflow"));
    const dir = path.join(tmp, "clone");
    const clone = prepareWorkflowClone(checkout, dir);
    expect(clone).toEqual({ dir, created: true, commit: git(checkout, "rev-parse", "HEAD") });
    expect(git(dir, "rev-parse", "--abbrev-ref", "HEAD")).toBe("main");
    expect(git(dir, "rev-parse", "main")).toBe(clone.commit);
    expect(fs.readFileSync(path.join(dir, "content", "page.yml"), "utf8")).toBe("title: One\n");
    git(dir, "commit", "--allow-empty", "-qm", "a save in the admin");
    expect(git(dir, "log", "-1", "--format=%ae")).toBe("cms@localhost");
    // The checkout: same branch, same commit, its uncommitted change still there.
    expect(git(checkout, "rev-parse", "--abbrev-ref", "HEAD")).toBe("feature");
    expect(git(checkout, "rev-parse", "HEAD")).toBe(clone.commit);
    expect(git(checkout, "status", "--porcelain")).toBe("M content/page.yml");
  });

  it("keeps an existing clone, drafts and all", () => {
    const dir = path.join(tmp, "clone");
    prepareWorkflowClone(checkout, dir);
    git(dir, "branch", "cms/blog/draft");
    const again = prepareWorkflowClone(checkout, dir);
    expect(again.created).toBe(false);
    expect(git(dir, "branch", "--format=%(refname:short)").split("\n").sort()).toEqual([
      "cms/blog/draft",
      "main",
    ]);
  });

  it("fails when the checkout is not a git repository", () => {
    const plain = path.join(tmp, "plain");
    fs.mkdirSync(plain);
    expect(() => prepareWorkflowClone(plain, path.join(tmp, "clone2"))).toThrow();
  });
});
