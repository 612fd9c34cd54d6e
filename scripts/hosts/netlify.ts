// Rehearses a Netlify deployment of the one production build: `netlify serve --offline` in a scratch copy (Netlify
// Build with the build step swapped for the existing build, its function bundler, `_headers`, Functions 2.0 paths,
// the scheduled worker), then the browser subset in tests/hosts/.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../tests/support/ports";
import { run } from "../../tests/support/proc";
import type { HostTools } from "../lib/setup";
import { Findings } from "./report";
import { deployScratch } from "./scratch";
import type { World } from "./world";

/** Netlify Build bundles the functions before the server answers: allow for a slow shared machine. */
const READY_TIMEOUT_MS = 10 * 60_000;

type Served = { origin: string; stop(): Promise<void>; exited(): number | null };

/** Starts `netlify serve` as the leader of its own process group and waits until the site answers. */
async function serve(tools: HostTools, dir: string, world: World, log: string): Promise<Served> {
  const port = freePort();
  const out = fs.openSync(log, "w");
  const child = spawn(tools.netlify, ["serve", "--offline", "--port", String(port)], {
    cwd: dir,
    // Netlify's build and functions see NETLIFY=true; the CLI's local build does not set it itself.
    env: tools.env({ ...world.env, NETLIFY: "true" }),
    stdio: ["ignore", out, out],
    detached: true,
  });
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.on("exit", (code) => {
      exitCode = code ?? 1;
      resolve();
    }),
  );
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    if (exitCode === null && child.pid) {
      process.kill(-child.pid, "SIGTERM");
      const killer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
    fs.closeSync(out);
  };
  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS && exitCode === null) {
    const answer = await fetch(`${origin}/`, { signal: AbortSignal.timeout(5_000) }).catch(
      () => null,
    );
    if (answer?.status === 200) return { origin, stop, exited: () => exitCode };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  await stop();
  throw new Error(
    `netlify serve did not answer (exit ${exitCode}):\n${fs.readFileSync(log, "utf8").slice(-3000)}`,
  );
}

/** Serves the site with Netlify's CLI from a scratch copy and runs the browser subset against it. */
export async function verify(
  root: string,
  tools: HostTools,
  world: World,
  keep: boolean,
): Promise<Findings> {
  const findings = new Findings("netlify");
  const scratch = deployScratch(root, "netlify");
  const log = `${scratch.dir}-serve.log`;
  let served: Served | null = null;
  try {
    console.log(
      `[netlify] netlify serve --offline in ${scratch.dir} (Node ${tools.hostNodeMajor}; log ${log})`,
    );
    const started = Date.now();
    try {
      served = await serve(tools, scratch.dir, world, log);
    } catch (error) {
      findings.record(
        "netlify serve",
        false,
        error instanceof Error ? error.message : String(error),
      );
      return findings;
    }
    findings.record(
      "netlify serve",
      true,
      `${((Date.now() - started) / 1000).toFixed(0)} s to the first page`,
    );

    checkBundle(findings, scratch.dir, tools.hostNodeMajor);
    const report = `${scratch.dir}-playwright.json`;
    const browserLog = fs.openSync(`${scratch.dir}-playwright.log`, "w");
    await run(
      path.join(root, "node_modules", ".bin", "playwright"),
      ["test", "--config", path.join(root, "tests", "hosts", "playwright.config.ts")],
      {
        cwd: root,
        stdio: ["ignore", browserLog, browserLog],
        env: {
          ...process.env,
          HOST_BASE_URL: served.origin,
          HOST_PUBLIC_DIR: path.join(scratch.dir, "public"),
          HOST_SITE_DIR: scratch.dir,
          HOST_TOOLS_DIR: tools.dir,
          HOST_FAKES_ORIGIN: world.fakesOrigin,
          HOST_DATABASE_URL: world.databaseUrl,
          HOST_WORKER_INVOKE: JSON.stringify({
            command: tools.netlify,
            args: [
              "functions:invoke",
              "leads-worker",
              "--port",
              new URL(served.origin).port,
              "--offline",
            ],
            cwd: scratch.dir,
            env: tools.env(world.env),
          }),
          PLAYWRIGHT_JSON_OUTPUT_FILE: report,
        },
      },
    );
    fs.closeSync(browserLog);
    const tail = fs.readFileSync(`${scratch.dir}-playwright.log`, "utf8").slice(-3000);
    recordBrowserResults(findings, report, tail);
    findings.record("netlify serve kept running through the checks", served.exited() === null);
  } finally {
    await served?.stop();
    if (!keep && findings.failed === 0) {
      scratch.remove();
      for (const suffix of ["-serve.log", "-playwright.log", "-playwright.json"])
        fs.rmSync(`${scratch.dir}${suffix}`, { force: true });
    } else console.log(`[netlify] scratch copy kept: ${scratch.dir}`);
  }
  return findings;
}

type BundledFunction = { name: string; runtimeVersion?: string; schedule?: string };

/** What Netlify Build bundled: every entry of functions/, on the tested Node, the worker on its schedule. */
function checkBundle(findings: Findings, dir: string, nodeMajor: number): void {
  const manifestFile = path.join(dir, ".netlify", "functions", "manifest.json");
  const bundled = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { functions: BundledFunction[] })
        .functions
    : [];
  const entries = fs
    .readdirSync(path.join(dir, "functions"))
    .filter((file) => file.endsWith(".ts"));
  const names = new Set(bundled.map((fn) => fn.name));
  const missing = entries.map((file) => file.slice(0, -3)).filter((name) => !names.has(name));
  const runtime = `nodejs${nodeMajor}.x`;
  const other = bundled
    .filter((fn) => fn.runtimeVersion !== runtime)
    .map((fn) => `${fn.name}: ${fn.runtimeVersion}`);
  findings.record(
    `every function bundled for ${runtime}`,
    bundled.length > 0 && missing.length === 0 && other.length === 0,
    [
      `${bundled.length} of ${entries.length}`,
      ...missing.map((name) => `${name} missing`),
      ...other,
    ].join("; "),
  );
  for (const [name, what] of [
    ["leads-worker", "the lead worker"],
    ["build-trigger", "the schedule trigger"],
  ]) {
    const scheduled = bundled.find((fn) => fn.name === name);
    findings.record(
      `${what} is scheduled every minute`,
      scheduled?.schedule === "* * * * *",
      String(scheduled?.schedule),
    );
  }
}

type Note = { type: string; description?: string };
type PlaywrightSuite = {
  specs?: {
    title: string;
    ok: boolean;
    tests?: { annotations?: Note[]; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};

/** One finding per browser test, from Playwright's JSON report. */
function recordBrowserResults(findings: Findings, reportFile: string, tail: string): void {
  if (!fs.existsSync(reportFile)) {
    findings.record("browser checks ran", false, tail);
    return;
  }
  const report = JSON.parse(fs.readFileSync(reportFile, "utf8")) as { suites?: PlaywrightSuite[] };
  const walk = (suites: PlaywrightSuite[] = []): void => {
    for (const suite of suites) {
      for (const spec of suite.specs ?? []) {
        const error = spec.tests?.[0]?.results?.at(-1)?.error?.message ?? "";
        // A test's `measured` annotations are its figures (a lead's wait), shown beside its check.
        const notes =
          spec.tests?.[0]?.annotations?.filter((note) => note.type === "measured") ?? [];
        const measured = notes.map((note) => note.description).join("; ");
        findings.record(spec.title, spec.ok, spec.ok ? measured : error.slice(0, 1500));
      }
      walk(suite.suites);
    }
  };
  walk(report.suites);
}
