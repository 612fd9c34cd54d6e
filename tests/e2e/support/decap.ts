// A real decap-server for the CMS browser tests: on a free port, editing a temporary copy of content/.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { freePort } from "../../../scripts/lib/ports.mjs";

export type DecapServer = { port: number; workdir: string; stop(): void };

/** Starts decap-server (never on its usual 8081, which a developer's `npm run cms` may hold) and waits for it. */
export async function startDecapServer(root: string, prefix: string): Promise<DecapServer> {
  const port = freePort();
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(path.join(root, "content"), path.join(workdir, "content"), { recursive: true });
  const server = spawn(path.join(root, "node_modules/.bin/decap-server"), [], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BIND_HOST: "127.0.0.1",
      GIT_REPO_DIRECTORY: workdir,
      MODE: "fs",
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
    stop() {
      server.kill();
      fs.rmSync(workdir, { recursive: true, force: true });
    },
  };
}
