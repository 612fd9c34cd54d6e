// A real decap-server for the CMS browser tests, on a free port, never on the developer's files: it edits a
// temporary copy of content/ (MODE=fs), or serves a scratch git repository holding that copy on `main`
// (MODE=git, the editorial workflow: decap-server checks branches out in the repository it serves).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, type Page, type Route } from "@playwright/test";
import { freePort } from "../../support/ports";

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

/** Headers that describe one hop's connection, not the message: each side sets its own. */
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "host",
]);

/**
 * Sends one request the admin made to decap-server, on a connection of its own that closes after the
 * answer. A pooled keep-alive connection (what route.fetch uses) can be picked up just as decap-server
 * closes it for idleness (Express's 5 s): the request then dies with ECONNRESET, which on a loaded
 * host failed a CMS test. A failure names the request and what the server last said.
 */
async function forward(route: Route, cms: DecapServer): Promise<void> {
  const request = route.request();
  const body = request.postDataBuffer() ?? Buffer.alloc(0);
  const headers: Record<string, string> = { connection: "close" };
  for (const [name, value] of Object.entries(request.headers())) {
    if (!HOP_HEADERS.has(name)) headers[name] = value;
  }
  if (body.length > 0) headers["content-length"] = String(body.length);
  const answer = await new Promise<{
    status: number;
    headers: Record<string, string>;
    body: Buffer;
  }>((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port: cms.port,
        path: "/api/v1",
        method: request.method(),
        headers,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value !== undefined && !HOP_HEADERS.has(name)) {
              kept[name] = Array.isArray(value) ? value.join(", ") : value;
            }
          }
          resolve({
            status: incoming.statusCode ?? 502,
            headers: kept,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  }).catch((error: unknown) => {
    const action = /"action"\s*:\s*"([^"]+)"/.exec(body.toString("utf8"))?.[1] ?? request.method();
    throw new Error(
      `decap-server on port ${cms.port} did not answer ${action}: ${String(error)}; it ${cms.state()}`,
    );
  });
  await route.fulfill(answer);
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
