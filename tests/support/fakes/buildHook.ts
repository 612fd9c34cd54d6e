// A loopback fake of a host's build hook (docs/contracts/build-hooks.md) and of a Slack-compatible alert
// webhook: records every POST, answers as told.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeHookMode = "ok" | "error";

export type FakeBuildHook = {
  /** The value for BUILD_HOOK_URL. */
  hookUrl: string;
  /** The value for LEADS_ALERT_WEBHOOK_URL. */
  alertUrl: string;
  origin: string;
  /** Every hook call, with the simulated (or real) time `clock()` gave when it arrived. */
  calls: Array<{ at: number; body: string; answered: number }>;
  alerts: string[];
  /** What GET /schedule.json answers (the deployed site's file, with SITE_URL set to `origin`). */
  schedule: { body: string };
  setMode(mode: FakeHookMode): void;
  close(): Promise<void>;
};

export async function startFakeBuildHook(clock: () => number = Date.now): Promise<FakeBuildHook> {
  let mode: FakeHookMode = "ok";
  const calls: FakeBuildHook["calls"] = [];
  const alerts: string[] = [];
  const schedule = { body: '{"nextBuildAt":null}' };
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/build_hooks/fake-hook-id") {
        calls.push({ at: clock(), body, answered: mode === "ok" ? 200 : 500 });
        // Netlify answers 200 with an empty body, Vercel 201 with a job: either is a success.
        if (mode === "ok") response.writeHead(200).end();
        else
          response
            .writeHead(500, { "content-type": "text/plain" })
            .end("upstream build service down");
        return;
      }
      if (request.method === "GET" && request.url === "/schedule.json") {
        response.writeHead(200, { "content-type": "application/json" }).end(schedule.body);
        return;
      }
      if (request.method === "POST" && request.url === "/alerts") {
        alerts.push((JSON.parse(body) as { text: string }).text);
        response.writeHead(200).end("ok");
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hookUrl: `${origin}/build_hooks/fake-hook-id`,
    alertUrl: `${origin}/alerts`,
    origin,
    calls,
    alerts,
    schedule,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
