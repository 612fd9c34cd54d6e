// What the GitHub login browser test stands up for itself: the site's own server (the one production build)
// with the CMS_OAUTH_* settings pointing at a fake GitHub on loopback, and the admin's calls to GitHub's API
// origin answered by that fake, each on a connection of its own.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Route } from "@playwright/test";

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

const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "host",
]);

/** One request the admin made to `apiOrigin`, sent to the fake on a fresh connection; its answer fulfils it. */
async function forward(route: Route, fakeOrigin: string, apiOrigin: string): Promise<void> {
  const request = route.request();
  const target = new URL(request.url().slice(apiOrigin.length), fakeOrigin);
  const body = request.postDataBuffer() ?? Buffer.alloc(0);
  const headers: Record<string, string> = { connection: "close" };
  for (const [name, value] of Object.entries(request.headers()))
    if (!HOP_HEADERS.has(name)) headers[name] = value;
  if (body.length > 0) headers["content-length"] = String(body.length);
  const answer = await new Promise<{
    status: number;
    headers: Record<string, string>;
    body: Buffer;
  }>((resolve, reject) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
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
          for (const [name, value] of Object.entries(incoming.headers))
            if (value !== undefined && !HOP_HEADERS.has(name))
              kept[name] = Array.isArray(value) ? value.join(", ") : value;
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
  });
  await route.fulfill(answer);
}

/**
 * The admin's requests to GitHub's API origin (the build's api_root) reach the fake instead, in every window
 * of the context; a decap-server a developer may be running on :8081 is kept out of the way.
 */
export async function routeGitHubApi(
  context: BrowserContext,
  fakeOrigin: string,
  apiOrigin = "https://api.github.com",
): Promise<void> {
  await context.route(`${apiOrigin}/**`, (route) => forward(route, fakeOrigin, apiOrigin));
  await context.route("http://localhost:8081/api/v1", (route) =>
    route.fulfill({ status: 404, contentType: "application/json", body: "{}" }),
  );
}
