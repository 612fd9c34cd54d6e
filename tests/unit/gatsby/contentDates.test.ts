// @vitest-environment node
// Last-commit dates of content files from real git repositories: the first parent's history (a merged
// draft dates from its merge), nothing for uncommitted files, nothing beyond a shallow clone's edge,
// nothing without a repository.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lastCommitDates } from "../../../src/gatsby/contentDates";

let tmp: string;
let repo: string;

function git(cwd: string, args: string[], date?: string) {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
    },
  }).trim();
}

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
}

function commit(message: string, date: string) {
  git(repo, ["add", "-A"]);
  git(repo, ["commit", "-qm", message], date);
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "content-dates-"));
  const config = path.join(tmp, "gitconfig");
  fs.writeFileSync(config, "[user]\n\tname = Test\n\temail = test@example.com\n");
  vi.stubEnv("GIT_CONFIG_GLOBAL", config);
  vi.stubEnv("GIT_CONFIG_NOSYSTEM", "1");
  repo = path.join(tmp, "site");
  fs.mkdirSync(repo);
  git(repo, ["init", "-q", "-b", "main"]);
  write("content/pages/a.yml", "title: A\n");
  write("content/pages/b.yml", "title: B\n");
  write("src/code.ts", "// not content\n");
  commit("first", "2025-01-10T09:00:00+00:00");
  write("content/pages/a.yml", "title: A2\n");
  write("src/code.ts", "// changed, not content\n");
  commit("second", "2025-02-20T09:00:00+00:00");
});

afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const iso = (dates: Map<string, string>) =>
  Object.fromEntries([...dates].map(([file, date]) => [file, new Date(date).toISOString()]));

describe("lastCommitDates", () => {
  it("gives each content file the date of the last commit that changed it", () => {
    expect(iso(lastCommitDates(repo, ["content"]))).toEqual({
      "content/pages/a.yml": "2025-02-20T09:00:00.000Z",
      "content/pages/b.yml": "2025-01-10T09:00:00.000Z",
    });
  });

  it("dates a change merged from a draft branch from its merge into the branch being built", () => {
    git(repo, ["checkout", "-q", "-b", "cms/pages/b"]);
    write("content/pages/b.yml", "title: B2\n");
    commit("draft", "2025-03-01T09:00:00+00:00");
    git(repo, ["checkout", "-q", "main"]);
    git(
      repo,
      ["merge", "-q", "--no-ff", "-m", "publish", "cms/pages/b"],
      "2025-03-15T09:00:00+00:00",
    );
    expect(iso(lastCommitDates(repo, ["content"]))["content/pages/b.yml"]).toBe(
      "2025-03-15T09:00:00.000Z",
    );
  });

  it("gives no date to a file with uncommitted changes, or a new one", () => {
    write("content/pages/b.yml", "title: B (editing)\n");
    write("content/pages/c.yml", "title: C\n");
    expect(Object.keys(iso(lastCommitDates(repo, ["content"])))).toEqual(["content/pages/a.yml"]);
  });

  it("gives no date where a shallow clone's history ends, a true one where it reaches", () => {
    const shallow = path.join(tmp, "shallow");
    git(tmp, ["clone", "-q", "--depth", "1", `file://${repo}`, shallow]);
    // The edge commit seems to add every file: no date can be trusted.
    expect(iso(lastCommitDates(shallow, ["content"]))).toEqual({});
    write("content/pages/b.yml", "title: B3\n");
    commit("third", "2025-04-01T09:00:00+00:00");
    git(shallow, ["pull", "-q", "--depth", "2", "origin", "main"]);
    expect(iso(lastCommitDates(shallow, ["content"]))).toEqual({
      "content/pages/b.yml": "2025-04-01T09:00:00.000Z",
    });
  });

  it("gives no dates outside a git repository", () => {
    const plain = path.join(tmp, "plain");
    fs.mkdirSync(path.join(plain, "content"), { recursive: true });
    expect(lastCommitDates(plain, ["content"]).size).toBe(0);
  });
});
