// The test's own copy of a repository for the fake GitHub to clone: files written into a fresh folder and
// committed on `main` with a test identity, never the developer's working tree or their git settings.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type SourceRepository = { dir: string; remove(): void };

/** A new repository whose `main` holds one commit of what `fill` writes into its folder. */
export function createSourceRepository(fill: (dir: string) => void): SourceRepository {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fake-github-source-"));
  fill(dir);
  initMainRepository(dir);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Makes `dir` a git repository whose `main` holds one commit of what is in it, under a test identity. */
export function initMainRepository(dir: string): void {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
  git("init", "-q", "-b", "main");
  // Its own identity and no signing: the machine's global git settings are not the test's business.
  git("config", "user.name", "CMS test");
  git("config", "user.email", "cms-test@example.com");
  git("config", "commit.gpgsign", "false");
  git("add", "-A");
  git("commit", "-q", "--no-verify", "-m", "Content as the test found it");
}
