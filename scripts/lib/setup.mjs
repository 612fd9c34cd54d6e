// Shared first steps of the repo scripts: installing npm dependencies, building the site, finding Chromium.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildStatus, installStatus, markInstalled, writeBuildStamp } from "./freshness.mjs";
import { runRetryingStuck } from "./buildguard.mjs";
import { localBin, run } from "./proc.mjs";

/** Environment for every child: no telemetry, no browser downloads. */
export function baseEnv(extra = {}) {
  return {
    ...process.env,
    GATSBY_TELEMETRY_DISABLED: "1",
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
    ...extra,
  };
}

/** Where a build made for the fakes records their port (git-ignored; the browser tests and benchmarks read it). */
export const FAKES_BUILD_RECORD = path.join("tests", "artifacts", "e2e-build.json");

/**
 * The public settings of a build whose outside services are the loopback fakes (tests/fakes) on `fakesPort`:
 * what `npm test` builds for the browser tests, and what the interaction and consented-visitor benchmarks
 * measure. `apiUrl` overrides the product API's address.
 */
export function fakesBuildEnv(fakesPort, apiUrl = `http://127.0.0.1:${fakesPort}/api`) {
  const fakes = `http://127.0.0.1:${fakesPort}`;
  return {
    GATSBY_API_URL: apiUrl,
    // Analytics on, pointed at the fake ingestion (tests/fakes/amplitude.ts).
    GATSBY_AMPLITUDE_API_KEY: "0123456789abcdef0123456789abcdef",
    GATSBY_AMPLITUDE_SERVER_URL: `${fakes}/2/httpapi`,
    // Identification on, with a loopback agent (tests/fakes/fingerprint.ts) in place of the CDN.
    GATSBY_FPJS_PUBLIC_API_KEY: "e2ePublicKey0001",
    GATSBY_FPJS_TEST_AGENT_URL: `${fakes}/__fake/fingerprint/identify`,
    // The sales team's scheduling page (the success step's "Pick a time for a call").
    GATSBY_SALES_CALL_URL: `${fakes}/__fake/meetings/sales`,
    // The apply page's frame-src names the form the site's proxy links to (playwright.config.ts).
    GREENHOUSE_EMBED_URL: `${fakes}/embed/job_app`,
    // The repository the admin's GitHub login edits: the fake GitHub of tests/e2e/cms-github.spec.ts serves it.
    GATSBY_CMS_GITHUB_REPO: "acme/marketing-site",
  };
}

/** Runs `npm ci` (or `npm install` without a lockfile) when node_modules is stale. Returns true on success. */
export async function ensureDependencies(root, log = console.log) {
  const status = installStatus(root);
  if (!status.needed) {
    log(`deps: ${status.reason}`);
    return true;
  }
  const [cmd, ...args] = status.command;
  log(`deps: ${status.reason}; running ${status.command.join(" ")}`);
  const result = await run(cmd, args, { cwd: root, env: baseEnv() });
  if (result.code !== 0) {
    console.error(`deps: ${status.command.join(" ")} failed (exit ${result.code})`);
    return false;
  }
  markInstalled(root);
  return true;
}

/**
 * Runs `gatsby build` and writes the build stamp on success. Returns the run result.
 * The build runs under the guard of buildguard.mjs: a build whose processes stop using the CPU for
 * minutes is stuck (Gatsby's query worker and its image jobs can wait on each other for ever), so it is
 * ended, saying so, and run once more from an empty cache. `guard` overrides the guard's limits.
 */
export async function gatsbyBuild(root, options = {}) {
  const { purpose = "site", ...runOptions } = options;
  const result = await runRetryingStuck(localBin(root, "gatsby"), ["build"], {
    cwd: root,
    env: baseEnv(),
    label: "gatsby build",
    beforeRetry: () => fs.rmSync(path.join(root, ".cache"), { recursive: true, force: true }),
    ...runOptions,
  });
  if (result.code === 0) writeBuildStamp(root, "public", new Date(), purpose);
  return result;
}

/** Builds only when public/ is missing or older than the sources. Returns true when a usable build exists. */
export async function ensureBuild(root, log = console.log) {
  const status = buildStatus(root);
  if (!status.needed) {
    log(`build: ${status.reason}`);
    return true;
  }
  log(`build: ${status.reason}; running gatsby build`);
  const result = await gatsbyBuild(root);
  if (result.code !== 0) console.error(`build: gatsby build failed (exit ${result.code})`);
  return result.code === 0;
}

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** The browser the e2e tests launch: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

function isExecutable(p) {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * Makes sure Chromium is present: installs Debian's `chromium` with apt-get when running as root,
 * otherwise explains what to install. Returns { ok, path, message }.
 */
export async function ensureChromium(log = console.log) {
  const exe = chromiumPath();
  if (isExecutable(exe)) {
    log(`chromium: ${exe}`);
    return { ok: true, path: exe };
  }
  if (process.env.CHROMIUM_PATH) {
    return {
      ok: false,
      path: exe,
      message: `CHROMIUM_PATH is set to ${exe}, which is not an executable file.`,
    };
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    return {
      ok: false,
      path: exe,
      message:
        `Chromium is missing (${exe}). Install the Debian package "chromium":\n` +
        `  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium\n` +
        `or point CHROMIUM_PATH at another Chromium/Chrome binary.`,
    };
  }
  log(`chromium: ${exe} is missing; installing the Debian package "chromium" with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = await run("apt-get", ["update"], { env });
  const install =
    update.code === 0
      ? await run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { env })
      : update;
  if (install.code !== 0 || !isExecutable(exe)) {
    return {
      ok: false,
      path: exe,
      message: `apt-get could not install the Debian package "chromium" (exit ${install.code}).`,
    };
  }
  return { ok: true, path: exe };
}

/** The repository root: the parent of the scripts/ folder this module lives in. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
