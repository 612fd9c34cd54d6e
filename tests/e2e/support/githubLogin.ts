// What the GitHub login browser test stands up for itself: the site's own server (the one production build)
// with the CMS_OAUTH_* settings pointing at a fake GitHub on loopback, and the admin's calls to GitHub's API
// origin answered by that fake, each on a connection of its own.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { AVATARS_ORIGIN, avatarImage } from "../../support/fakes/github/avatars";
import { forwardRoute } from "./forward";

export type SiteServer = { port: number; output(): string; stop(): void };

const root = path.resolve(__dirname, "../../..");

/**
 * `src/server/main.ts` serving public/ on a free port on every interface (so both http://127.0.0.1:<port>
 * and http://localhost:<port>, two origins, reach it), with `env` on top. Resolves once it listens.
 */
export async function startSiteServer(env: Record<string, string>): Promise<SiteServer> {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "cms-github-outbox-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "",
      PUBLIC_DIR: "public",
      LEADS_STORE_DIR: outbox,
      LEADS_WORKER_INTERVAL_MS: "0",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const port = await new Promise<number>((resolve, reject) => {
    const onData = () => {
      const found = /listening on http:\/\/[^:]+:(\d+)\//.exec(output);
      if (found) resolve(Number(found[1]));
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the site server exited (${code}): ${output}`)));
  });
  return {
    port,
    output: () => output,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/**
 * The admin's requests to GitHub's API origin (the build's api_root) reach the fake instead, in every window
 * of the context, and its avatar host answers with the fake's image; a decap-server a developer may be running
 * on :8081 is kept out of the way.
 */
export async function routeGitHubApi(
  context: BrowserContext,
  fakeOrigin: string,
  apiOrigin = "https://api.github.com",
): Promise<void> {
  await context.route(`${apiOrigin}/**`, (route) =>
    forwardRoute(route, new URL(route.request().url().slice(apiOrigin.length), fakeOrigin)),
  );
  // The editor's avatar (GitHub's avatar_url) comes from GitHub's avatar host.
  await context.route(`${AVATARS_ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: avatarImage(route.request().url()) }),
  );
  await context.route("http://localhost:8081/api/v1", (route) =>
    route.fulfill({ status: 404, contentType: "application/json", body: "{}" }),
  );
}
