// `npm test`: install what is needed, run typecheck, lint, unit tests, the build and the browser tests, and count.
// Uses Node built-ins only: it runs before node_modules exists.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { describeProcesses } from "./lib/buildguard.mjs";
import { ensureHostTools } from "./lib/hosttools.mjs";
import { RUN_MARKER, leftoversStep } from "./lib/leftovers.mjs";
import { freePort } from "./lib/ports.mjs";
import { localBin, run } from "./lib/proc.mjs";
import { vitestReporting } from "./lib/vitestrun.mjs";
import {
  countCheck,
  countPlaywright,
  emptyCounts,
  finalLine,
  parseOnly,
  readReport,
  reconcileExit,
  summaryTable,
} from "./lib/results.mjs";
import {
  FAKES_BUILD_RECORD,
  REPO_ROOT,
  baseEnv,
  fakesBuildEnv,
  ensureChromium,
  ensureDependencies,
  gatsbyBuild,
} from "./lib/setup.mjs";

const STEPS = [
  "typecheck",
  "lint",
  "supply-chain",
  "unit",
  "host-node",
  "build",
  "links",
  "react",
  "build-fixtures",
  "e2e",
];
const root = REPO_ROOT;
process.chdir(root);

let steps;
try {
  steps = parseOnly(process.argv.slice(2), STEPS);
} catch (error) {
  console.error(`npm test: ${error.message}`);
  console.error(`usage: npm test [-- --only=${STEPS.join(",")}]`);
  process.exit(2);
}

// Ctrl-C stops the current step (run() forwards the signal) and then the whole run.
let interrupted = false;
const onSignal = () => {
  interrupted = true;
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

const banner = (text) => console.log(`\n━━ ${text} ${"━".repeat(Math.max(0, 72 - text.length))}`);

/** Ends the run before any step could start, still with the one summary line. */
function abort(message) {
  console.error(`\nnpm test: ${message}`);
  console.log(finalLine({ passed: 0, failed: 1, skipped: 0 }));
  process.exit(1);
}

banner("setup");
if (!(await ensureDependencies(root))) abort("could not install npm dependencies");
let chromium = null;
if (steps.includes("e2e")) {
  const found = await ensureChromium();
  if (!found.ok) abort(found.message);
  chromium = found.path;
}
if (interrupted) abort("interrupted");

// The JSON reports stay after the run (git-ignored) so a failure can be looked into; CI uploads them.
const reports = path.join(root, "tests", "artifacts", "reports");
fs.mkdirSync(reports, { recursive: true });
// Every process the steps start inherits this marker, so the end of the run can find any left running.
const runId = randomUUID();
process.env[RUN_MARKER] = runId;
const env = baseEnv();
/** One entry per step: { step, status, counts, seconds }. */
const summary = [];
/** What the summary prints above its table (a build the guard ended, with its processes). */
const notes = [];

async function timed(fn) {
  const start = process.hrtime.bigint();
  const value = await fn();
  return { value, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

async function checkStep(step, bin, args) {
  banner(step);
  const { value: result, seconds } = await timed(() =>
    run(localBin(root, bin), args, { cwd: root, env }),
  );
  const ok = result.code === 0;
  summary.push({ step, status: ok ? "passed" : "failed", counts: countCheck(ok, step), seconds });
  return ok;
}

/** A repository script run with this Node (scripts/*.mjs), counted as one check. */
async function scriptStep(step, script, args = [], nodeArgs = []) {
  banner(step);
  const { value: result, seconds } = await timed(() =>
    run(process.execPath, [...nodeArgs, path.join(root, "scripts", script), ...args], {
      cwd: root,
      env,
    }),
  );
  const ok = result.code === 0;
  summary.push({ step, status: ok ? "passed" : "failed", counts: countCheck(ok, step), seconds });
  return ok;
}

/** A Vitest run counted test by test. */
async function vitestStep(step, report, extraArgs) {
  banner(step);
  const reporting = vitestReporting({ root, reports, env, report });
  const args = ["run", ...extraArgs, ...reporting.args];
  const { value: result, seconds } = await timed(() =>
    run(localBin(root, "vitest"), args, { cwd: root, env: reporting.env }),
  );
  const counts = reporting.count(result.code, "vitest");
  summary.push({ step, status: counts.failed ? "failed" : "passed", counts, seconds });
  return counts.failed === 0;
}

const runners = {
  // The whole project, then the functions under Node's own module rules (api/tsconfig.json): what Vercel
  // compiles them with, so an import Node would refuse on a host fails here.
  async typecheck() {
    banner("typecheck");
    const { value: ok, seconds } = await timed(async () => {
      const all = await run(localBin(root, "tsc"), ["--noEmit"], { cwd: root, env });
      const hosts = await run(localBin(root, "tsc"), ["-p", "api/tsconfig.json"], {
        cwd: root,
        env,
      });
      return all.code === 0 && hosts.code === 0;
    });
    summary.push({
      step: "typecheck",
      status: ok ? "passed" : "failed",
      counts: countCheck(ok, "typecheck"),
      seconds,
    });
    return ok;
  },
  lint: () => checkStep("lint", "eslint", ["."]),
  // Offline: lockfile sources and integrity, known advisories, exact pins, Node and Renovate settings.
  "supply-chain": () => scriptStep("supply-chain", "supply-chain.mjs"),
  // Every internal link and asset of the build resolves.
  // Under tsx: the link check reads HTML with the build's own parser (src/data/parseHtml.ts).
  links: () =>
    scriptStep("links", "check-links.mjs", [path.join(root, "public")], ["--import", "tsx"]),
  // The build's pages load React 18 only and the CMS admin React 19 only (two Reacts, one per bundle).
  react: () =>
    scriptStep("react", "check-react.mjs", [path.join(root, "public")], ["--import", "tsx"]),

  unit: () => vitestStep("unit", "vitest.json", []),
  // Real `gatsby build`s of scratch copies with hostile content planted (tests/build): minutes each.
  "build-fixtures": () =>
    vitestStep("build-fixtures", "vitest-build.json", ["--config", "vitest.build.config.ts"]),

  // The functions' tests once more on the Node the hosts run them on (the pinned binary of the host tools,
  // Node 24; this machine runs 20), so a difference between the two majors shows here, not in production.
  async "host-node"() {
    banner("host-node");
    const reporting = vitestReporting({ root, reports, env, report: "vitest-host-node.json" });
    const { value: result, seconds } = await timed(async () => {
      let tools;
      try {
        tools = await ensureHostTools(root);
      } catch (error) {
        console.error(`host-node: ${error.message}`);
        return { code: 1, signal: null };
      }
      const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
      const args = ["run", "tests/unit/server", "tests/unit/security", ...reporting.args];
      return run(path.join(tools.hostNodeDir, "node"), [vitest, ...args], {
        cwd: root,
        env: reporting.env,
      });
    });
    const counts = reporting.count(result.code, "vitest on the hosts' Node");
    summary.push({
      step: "host-node",
      status: counts.failed ? "failed" : "passed",
      counts,
      seconds,
    });
    return counts.failed === 0;
  },

  async build() {
    banner("build");
    // The browser tests check the service-status indicator, analytics and identification against the
    // fakes that playwright.config.ts starts; the build names their port (E2E_FAKES_PORT, else a free
    // one) and records it, and the browser tests refuse to start if it is busy by then.
    const fakesPort = Number(process.env.E2E_FAKES_PORT || freePort());
    fs.writeFileSync(path.join(root, FAKES_BUILD_RECORD), `${JSON.stringify({ fakesPort })}\n`);
    const { value: result, seconds } = await timed(() =>
      gatsbyBuild(root, {
        env: baseEnv(fakesBuildEnv(fakesPort, process.env.GATSBY_API_URL)),
        purpose: "test",
      }),
    );
    const ok = result.code === 0;
    // A build the guard found stuck and ran again passes, but says so in the summary, with what each
    // of its processes was doing: the summary is the part of a CI log that is always read.
    const stuck =
      result.stuckRuns.length > 0 ? ` (${result.stuckRuns.length} stuck run ended)` : "";
    for (const run of result.stuckRuns)
      notes.push(
        `build: a stuck run was ended; it ${run.reason}:\n${describeProcesses(run.processes)}`,
      );
    summary.push({
      step: "build",
      status: `${ok ? "passed" : "failed"}${stuck}`,
      counts: countCheck(ok, "build"),
      seconds,
    });
    return ok;
  },

  async e2e() {
    banner("e2e");
    if (!fs.existsSync(path.join(root, "public", "index.html"))) {
      const counts = countCheck(false, "e2e: no build in public/ (run the build step)");
      summary.push({ step: "e2e", status: "failed", counts, seconds: 0 });
      return false;
    }
    const out = path.join(reports, "playwright.json");
    fs.rmSync(out, { force: true });
    const e2eEnv = { ...env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: out };
    const { value: result, seconds } = await timed(() =>
      run(localBin(root, "playwright"), ["test"], { cwd: root, env: e2eEnv }),
    );
    const counts = reconcileExit(countPlaywright(readReport(out)), result.code, "playwright");
    summary.push({ step: "e2e", status: counts.failed ? "failed" : "passed", counts, seconds });
    return counts.failed === 0;
  },
};

let buildFailed = false;
for (const step of steps) {
  if (interrupted) {
    summary.push({ step, status: "not run (interrupted)", counts: emptyCounts() });
    continue;
  }
  if ((step === "e2e" || step === "links" || step === "react") && buildFailed) {
    summary.push({ step, status: "not run (build failed)", counts: emptyCounts() });
    continue;
  }
  const ok = await runners[step]();
  if (step === "build" && !ok) buildFailed = true;
}

// Nothing the run started may outlive it: a server or browser still running is killed and reported.
if (!interrupted) summary.push(await leftoversStep(runId));

banner("summary");
for (const note of notes) console.log(`${note}\n`);
const total = summaryTable(summary);
process.exit(interrupted ? 130 : total.failed > 0 ? 1 : 0);
