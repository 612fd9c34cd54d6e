// `npm run bench:api`: requests/s and latency of one accept-path and one reject-path lead endpoint on loopback.
// Printed, never asserted: these machines are shared and noisy.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { REPO_ROOT } from "./lib/setup.mjs";

const seconds = Number(process.env.BENCH_API_SECONDS ?? 10);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
const publicDir = path.join(work, "public");
fs.mkdirSync(publicDir);
fs.writeFileSync(path.join(publicDir, "index.html"), "<!doctype html><title>bench</title>");

const server = spawn(path.join(REPO_ROOT, "node_modules/.bin/tsx"), ["src/server/main.ts"], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    PUBLIC_DIR: publicDir,
    LEADS_OUTBOX_DIR: path.join(work, "outbox"),
    HUBSPOT_PORTAL_ID: "",
  },
  stdio: ["ignore", "pipe", "ignore"],
});
const base = await new Promise((resolve, reject) => {
  let output = "";
  server.stdout.on("data", (chunk) => {
    output += chunk.toString();
    const match = /listening on (http:\/\/\S+?)\/?\s/.exec(output);
    if (match) resolve(match[1]);
  });
  server.once("exit", () => reject(new Error(`server exited:\n${output}`)));
});
// The server logs a line per request; drain it so the pipe never blocks the process.
server.stdout.resume();

const context = { utm_info: { utm_source: "bench" }, visitorId: "", ipRegion: "EMEA" };
const cases = [
  {
    title: "accept: POST /api/hubspot-newsletter/ (validated, fsync'd to the outbox)",
    body: { email: "bench@example.org", ...context },
    expect: 200,
  },
  {
    title: "reject: POST /api/hubspot-newsletter/ (invalid email → 422)",
    body: { email: "not-an-email", ...context },
    expect: 422,
  },
];

console.log(`bench:api — ${seconds} s per case, 10 connections, loopback\n`);
for (const item of cases) {
  const result = await autocannon({
    url: `${base}/api/hubspot-newsletter/`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(item.body),
    connections: 10,
    duration: seconds,
  });
  const unexpected = result.non2xx - (item.expect === 200 ? 0 : result.requests.total);
  console.log(item.title);
  console.log(
    `  ${result.requests.average.toFixed(0)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ` +
      `requests ${result.requests.total}   errors ${result.errors}   unexpected statuses ${Math.max(0, unexpected)}\n`,
  );
}
server.kill("SIGTERM");
fs.rmSync(work, { recursive: true, force: true });
