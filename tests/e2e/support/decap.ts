// A real decap-server for the CMS browser tests, on a free port, never on the developer's files: it edits a
// temporary copy of content/ (MODE=fs), or serves a scratch git repository holding that copy on `main`
// (MODE=git, the editorial workflow: decap-server checks branches out in the repository it serves).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { freePort } from "../../../scripts/lib/ports.mjs";

export type DecapServer = {
  port: number;
  /** The copy decap-server edits (in git mode, the scratch repository's working tree). */
  workdir: string;
  /** Runs git in the scratch repository (git mode) and returns its output. */
  git(...args: string[]): string;
  stop(): void;
};

/** A new git repository in `dir` whose `main` holds one commit: the copy of content/ already there. */
function initScratchRepository(dir: string): void {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
  git("init", "-q", "-b", "main");
  // Its own identity and no signing: the machine's global git settings are not the test's business.
  git("config", "user.name", "CMS test");
  git("config", "user.email", "cms-test@example.com");
  git("config", "commit.gpgsign", "false");
  git("add", "-A");
  git("commit", "-q", "--no-verify", "-m", "Content as the test found it");
}

/** Starts decap-server (never on its usual 8081, which a developer's `npm run cms` may hold) and waits for it. */
export async function startDecapServer(
  root: string,
  prefix: string,
  mode: "fs" | "git" = "fs",
): Promise<DecapServer> {
  const port = freePort();
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(path.join(root, "content"), path.join(workdir, "content"), { recursive: true });
  if (mode === "git") initScratchRepository(workdir);
  const server = spawn(path.join(root, "node_modules/.bin/decap-server"), [], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BIND_HOST: "127.0.0.1",
      GIT_REPO_DIRECTORY: workdir,
      MODE: mode,
      LOG_LEVEL: "error",
    },
    stdio: "ignore",
  });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/api/v1`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ action: "info" }),
        }).then(
          (answer) => answer.ok,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  return {
    port,
    workdir,
    git: (...args) =>
      execFileSync("git", args, {
        cwd: workdir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      }),
    stop() {
      server.kill();
      fs.rmSync(workdir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the admin logged in to this server: the admin asks decap-server at localhost:8081, and the
 * request is answered by the test's own server instead.
 */
export async function openAdmin(page: Page, cms: DecapServer): Promise<void> {
  await page.route("http://localhost:8081/api/v1", async (route) => {
    const response = await route.fetch({ url: `http://127.0.0.1:${cms.port}/api/v1` });
    await route.fulfill({ response });
  });
  await page.goto("/admin/");
  // The admin module registered its previews and save checks before the CMS started (src/cms/cms.tsx).
  await expect(page.locator("html")).toHaveAttribute("data-cms-registered", /^[1-9]\d*$/);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Blog posts").first()).toBeVisible({ timeout: 30_000 });
}
