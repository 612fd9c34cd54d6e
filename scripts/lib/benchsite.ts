// What the benches share: the build they measure (made with the loopback fakes' addresses, as `npm test` makes it),
// the built site served by the site's own server beside the fakes, and the peak memory of a build.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  BUILD_RECORD,
  fakesBuildEnv,
  gatsbyBuild,
  readBuildRecord,
} from "../../tests/support/build";
import { FAKE_AMPLITUDE_KEY } from "../../tests/support/fakes/amplitude";
import { FAKE_FPJS_SECRET } from "../../tests/support/fakes/fingerprint";
import { hubspotServerEnv } from "../../tests/support/fakes/hubspot";
import { startFakeUpstreams } from "../../tests/support/fakes/upstreams";
import { freePort } from "../../tests/support/ports";
import { writeBuildStamp } from "./freshness";
import { REPO_ROOT } from "./setup";

export const PUBLIC_DIR = path.join(REPO_ROOT, "public");

/** `--name=value` from the command line, or undefined. */
export const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

/** The load average, for the figures' header: CPU-bound timings on a shared machine depend on it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** A process's proportional set size in bytes (Linux), or null where the kernel does not say. */
function pssBytes(pid: number): number | null {
  try {
    const kib = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1];
    return kib === undefined ? null : Number(kib) * 1024;
  } catch {
    return null;
  }
}

/**
 * Peak memory of the builds this process runs, over each session one of its children leads
 * (tests/support/proc.ts starts every command as a session leader; Gatsby's workers run in that session).
 * Where Linux tells it, the peak of the summed proportional set sizes (a page several processes share, such as
 * Gatsby's LMDB store mapped by each worker, counts once in all): what the build takes of the machine's memory.
 * Elsewhere, and beside it, the summed resident sizes, which count a shared page once per process.
 */
export function sampleChildMemory(everyMs = 500): {
  stop(): { bytes: number; measure: "PSS" | "RSS"; rssBytes: number };
} {
  let peakRss = 0;
  let peakPss: number | null = null;
  const sample = () => {
    const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid=,sid=,rss="], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((line) => line.trim().split(/\s+/).map(Number));
    const leaders = new Set(
      rows.filter(([pid, ppid, sid]) => ppid === process.pid && pid === sid).map((r) => r[0]),
    );
    const members = rows.filter((row) => leaders.has(row[2]));
    peakRss = Math.max(peakRss, members.reduce((sum, row) => sum + (row[3] ?? 0), 0) * 1024);
    const pss = members.map((row) => pssBytes(row[0] ?? 0));
    if (pss.length > 0 && pss.every((bytes) => bytes !== null))
      peakPss = Math.max(
        peakPss ?? 0,
        pss.reduce<number>((sum, bytes) => sum + (bytes ?? 0), 0),
      );
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peakPss === null
        ? { bytes: peakRss, measure: "RSS", rssBytes: peakRss }
        : { bytes: peakPss, measure: "PSS", rssBytes: peakRss };
    },
  };
}

/**
 * `gatsby build` of the repository for the fakes on a free port, with source maps (they tell the SDK chunks
 * apart), recorded as `npm test` records its build. Its seconds and peak memory, which `npm run bench` prints.
 */
export async function buildForFakes(log?: string) {
  const fakesPort = freePort();
  // Webpack's persistent cache keeps each minified chunk as an earlier build made it: after a build without source
  // maps (npm test's), unchanged chunks would come back without theirs.
  fs.rmSync(path.join(REPO_ROOT, ".cache", "webpack"), { recursive: true, force: true });
  const memory = sampleChildMemory();
  const started = Date.now();
  const result = await gatsbyBuild(
    REPO_ROOT,
    { ...process.env, ...fakesBuildEnv(fakesPort), SOURCE_MAPS: "true", NO_COLOR: "1" },
    log,
  );
  const seconds = (Date.now() - started) / 1000;
  const peak = memory.stop();
  fs.mkdirSync(path.dirname(path.join(REPO_ROOT, BUILD_RECORD)), { recursive: true });
  fs.writeFileSync(
    path.join(REPO_ROOT, BUILD_RECORD),
    `${JSON.stringify({ fakesPort, vercelOutput: false })}\n`,
  );
  if (result.code === 0) writeBuildStamp(REPO_ROOT, "test");
  return { ok: result.code === 0, seconds, peak };
}

/** The fakes' port the build in public/ names, or exits saying how to make one (`--build` makes it first). */
export async function fakesBuild(bench: string): Promise<number> {
  if (process.argv.includes("--build") && !(await buildForFakes()).ok) {
    console.error(`${bench}: the build failed`);
    process.exit(1);
  }
  const record = readBuildRecord(REPO_ROOT);
  if (!fs.existsSync(path.join(PUBLIC_DIR, "index.html")) || !record) {
    console.error(
      `${bench}: public/ is not a build for the fakes; run \`npm test -- --only=build\` or pass --build`,
    );
    process.exit(1);
  }
  return record.fakesPort;
}

export type Site = { url: string; fakesOrigin: string; close(): Promise<void> };

/**
 * The fakes on the port the build names, and the site's server (src/server/main.ts) on a free port with every
 * function, configured as the browser tests configure it. `country` answers /api/get-country for every visitor
 * (null: unknown, so the EU rule and the banner apply); a request may name its own with x-country.
 */
export async function startSite(fakesPort: number, country: string | null = null): Promise<Site> {
  const fakes = await startFakeUpstreams(fakesPort);
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "bench-outbox-"));
  const port = freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_DIR,
    GEO_COUNTRY: country ?? "",
    GREENHOUSE_API_URL: fakes.apiUrl,
    GREENHOUSE_BOARD: "acme",
    GREENHOUSE_EMBED_URL: `${fakes.origin}/embed/job_app`,
    ...hubspotServerEnv(fakes.origin),
    LEADS_STORE_DIR: outbox,
    // One loopback address is every run's visitor: no per-address limits, no background resend.
    LEADS_LIMIT_PER_MINUTE: "0",
    LEADS_LIMIT_PER_HOUR: "0",
    LEADS_LIMIT_PER_EMAIL: "0",
    LEADS_WORKER_INTERVAL_MS: "0",
    METER_LIMIT_PER_MINUTE: "100000",
    METER_LIMIT_PER_HOUR: "100000",
    AMPLITUDE_API_KEY: FAKE_AMPLITUDE_KEY,
    AMPLITUDE_API_URL: fakes.origin,
    FPJS_SECRET_API_KEY: FAKE_FPJS_SECRET,
    FPJS_SERVER_API_URL: fakes.origin,
    TRUST_TEST_GEO_HEADER: "1",
  };
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  const close = async () => {
    if (server.exitCode === null && server.pid) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await exited;
    }
    await fakes.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  };
  // Ready when it says so ("serve: listening on …"), or failed when it exits first.
  const ready = await new Promise<boolean>((resolve) => {
    let out = "";
    server.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("listening on")) resolve(true);
    });
    server.on("exit", () => resolve(false));
  });
  if (!ready) {
    await close();
    throw new Error("the site's server exited before listening (see above)");
  }
  server.stdout.resume();
  return { url: `http://127.0.0.1:${port}`, fakesOrigin: fakes.origin, close };
}
