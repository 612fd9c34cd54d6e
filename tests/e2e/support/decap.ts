// A real decap-server for the CMS browser tests, on a free port, never on the developer's files: it edits a
// temporary copy of content/ (MODE=fs), or serves a scratch git repository holding that copy on `main`
// (MODE=git, the editorial workflow: decap-server checks branches out in the repository it serves).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, type Route } from "@playwright/test";
import { freePort } from "../../support/ports";
import { initMainRepository } from "../../support/fakes/github/source";
import { forwardRoute } from "./forward";

export type DecapServer = {
  port: number;
  /** The copy decap-server edits (in git mode, the scratch repository's working tree). */
  workdir: string;
  /** Runs git in the scratch repository (git mode) and returns its output. */
  git(...args: string[]): string;
  /** Whether the server still runs, and what it last printed (it logs errors only). */
  state(): string;
  stop(): void;
};

/** Starts decap-server (never on its usual 8081, which a developer's `npm run cms` may hold) and waits for it. */
export async function startDecapServer(
  root: string,
  prefix: string,
  mode: "fs" | "git" = "fs",
): Promise<DecapServer> {
  const port = freePort();
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(path.join(root, "content"), path.join(workdir, "content"), { recursive: true });
  if (mode === "git") initMainRepository(workdir);
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
    stdio: ["ignore", "pipe", "pipe"],
  });
  // What it last printed and how it ended, for the message when a request to it fails.
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);
  let ended: string | null = null;
  server.on("exit", (code, signal) => {
    ended = `exited (code ${code}, signal ${signal})`;
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
    state: () => `${ended ?? "is still running"}; its last output: ${output.trim() || "(none)"}`,
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

/** One request of the admin, sent to this test's decap-server; a failure names it and what the server last said. */
async function forward(route: Route, cms: DecapServer): Promise<void> {
  await forwardRoute(route, new URL(`http://127.0.0.1:${cms.port}/api/v1`)).catch(
    (error: unknown) => {
      const body = route.request().postData() ?? "";
      const action = /"action"\s*:\s*"([^"]+)"/.exec(body)?.[1] ?? route.request().method();
      throw new Error(
        `decap-server on port ${cms.port} did not answer ${action}: ${String(error)}; it ${cms.state()}`,
      );
    },
  );
}

/** The admin's requests to decap-server's usual address go to this test's server instead. */
export async function routeAdminTo(page: Page, cms: DecapServer): Promise<void> {
  await page.route("http://localhost:8081/api/v1", (route) => forward(route, cms));
}

/**
 * Opens the admin logged in to this server: the admin asks decap-server at localhost:8081, and the
 * request is answered by the test's own server instead.
 */
export async function openAdmin(page: Page, cms: DecapServer): Promise<void> {
  await routeAdminTo(page, cms);
  await page.goto("/admin/");
  // The admin module registered its previews and save checks before the CMS started (src/cms/cms.tsx).
  await expect(page.locator("html")).toHaveAttribute("data-cms-registered", /^[1-9]\d*$/);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Blog posts").first()).toBeVisible({ timeout: 30_000 });
}
