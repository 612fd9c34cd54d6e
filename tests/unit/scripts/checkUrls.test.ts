// @vitest-environment node
// `npm run check:urls` in a scratch git repository: a commit renames a published post's slug, and the check
// fails naming the old URL and printing the redirect to add; with that redirect in redirects.yml it passes.
// A draft's address is not public, so losing it needs no redirect.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkUrls } from "../../../scripts/check-urls";

const ROOT = path.resolve(__dirname, "../../..");
let repo: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
};
const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, stdio: "pipe" });
const post = (slug: string, extra = "") =>
  `---\ntitle: "Stopping card testing"\nslug: ${slug}\ntags: [payment-fraud]\nauthors: [maya-okafor]\n${extra}---\nBody.\n`;

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), "check-urls-repo-"));
  git("init", "-q", "-b", "main");
  git("config", "user.email", "test@example.org");
  git("config", "user.name", "Test");
  write("content/pages/home.yml", "path: /\ntitle: Home\n");
  write("content/blog/card-testing/index.md", post("card-testing"));
  write("content/blog/draft-idea/index.md", post("draft-idea", "draft: true\n"));
  git("add", "-A");
  git("commit", "-qm", "content");
  fs.rmSync(path.join(repo, "content/blog/card-testing"), { recursive: true });
  fs.rmSync(path.join(repo, "content/blog/draft-idea"), { recursive: true });
  write("content/blog/stop-card-testing/index.md", post("stop-card-testing"));
  git("add", "-A");
  git("commit", "-qm", "rename the post");
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

describe("check:urls after a slug is renamed", () => {
  it("names the old URL and the redirect to add, and exits 1", async () => {
    const result = await checkUrls(repo, "HEAD~1");
    expect(result.missing).toEqual(["/blog/card-testing/"]);
    expect(result.lines).toEqual([
      "  - from: /blog/card-testing/",
      "    to: /blog/stop-card-testing/",
    ]);
    const cli = spawnSync(
      path.join(ROOT, "node_modules", ".bin", "tsx"),
      [path.join(ROOT, "scripts/check-urls.ts"), "--base", "HEAD~1"],
      {
        cwd: repo,
        encoding: "utf8",
      },
    );
    expect(cli.status, cli.stderr).toBe(1);
    expect(cli.stderr).toContain("/blog/card-testing/");
    expect(cli.stderr).toContain("  - from: /blog/card-testing/\n    to: /blog/stop-card-testing/");
  });

  it("passes once redirects.yml sends the old URL on", async () => {
    write(
      "content/settings/redirects.yml",
      "redirects:\n  - from: /blog/card-testing/\n    to: /blog/stop-card-testing/\n",
    );
    expect((await checkUrls(repo, "HEAD~1")).missing).toEqual([]);
  });
});
