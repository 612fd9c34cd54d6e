// `npm test` (through scripts/bootstrap.mjs, which installs the npm dependencies first): every check of the
// project, one production build tested as built, then the count. `npm test -- --only=unit,e2e` runs a subset.
import { randomUUID } from "node:crypto";
import type { StdioOptions } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "../tests/support/proc";
import { leftovers, RUN_MARKER } from "./lib/leftovers";
import {
  countCheck,
  countPlaywright,
  countVitest,
  emptyCounts,
  finalLine,
  parseOnly,
  printSummary,
  readReport,
  reconcileExit,
  type Counts,
  type StepRow,
} from "./lib/results";
import { buildForTests } from "./lib/testBuild";
import {
  REPO_ROOT as root,
  ensureChromium,
  ensureHostTools,
  localBin,
  type HostTools,
} from "./lib/setup";

const STEPS = [
  "typecheck",
  "lint",
  "supply-chain",
  "urls",
  "unit",
  "server",
  "build",
  "links",
  "react",
  "html",
  "e2e",
  "fixtures",
  "hosts",
] as const;
type Step = (typeof STEPS)[number];
/**
 * Steps that run side by side (each group contiguous in STEPS): the static checks each keep one core busy;
 * the Vitest suites' files mostly wait (timers, servers, PostgreSQL), the host rehearsals on the hosts' CLIs,
 * and Gatsby's build has single-threaded phases (vmstat: 30 to 60 % idle when each ran alone). The three readers
 * of the built pages are one process each. The browser tests keep both cores busy, so they run alone.
 */
const STATIC: Step[] = ["typecheck", "lint", "supply-chain", "urls"];
const GROUPS: Step[][] = [
  STATIC,
  ["unit", "server", "build"],
  ["links", "react", "html"],
  ["fixtures", "hosts"],
];
/** The steps that read the build this run makes. */
const NEED_BUILD = new Set<Step>(["links", "react", "html", "e2e", "hosts"]);

let steps: Step[];
try {
  steps = parseOnly(process.argv.slice(2), STEPS) as Step[];
} catch (error) {
  console.error(
    `npm test: ${(error as Error).message}\nusage: npm test [-- --only=${STEPS.join(",")}]`,
  );
  process.exit(2);
}

let interrupted = false;
process.on("SIGINT", () => (interrupted = true));
process.on("SIGTERM", () => (interrupted = true));

const banner = (text: string) =>
  console.log(`\n━━ ${text} ${"━".repeat(Math.max(0, 72 - text.length))}`);
const reports = path.join(root, "tests", "artifacts", "reports");
fs.mkdirSync(reports, { recursive: true });
// Every process a step starts inherits this marker, so the end of the run finds any left running.
const runId = randomUUID();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  [RUN_MARKER]: runId,
  GATSBY_TELEMETRY_DISABLED: "1",
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
};

function abort(message: string): never {
  console.error(`\nnpm test: ${message}`);
  console.log(finalLine({ passed: 0, failed: 1, skipped: 0, failures: [] }));
  process.exit(1);
}

/** Where a step writes: the terminal, or (beside another step) a log printed whole when it ends. */
type Io = StdioOptions;

/** A command counted as one check. */
async function check(io: Io, label: string, cmd: string, args: string[]): Promise<Counts> {
  const { code } = await run(cmd, args, { cwd: root, env, stdio: io });
  return countCheck(code === 0, label);
}

/** A Vitest run counted test by test, with `node` (the hosts' Node for the server project). */
async function vitest(
  io: Io,
  report: string,
  args: string[],
  node = process.execPath,
): Promise<Counts> {
  const out = path.join(reports, report);
  fs.rmSync(out, { force: true });
  const bin = path.join(root, "node_modules", "vitest", "vitest.mjs");
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${out}`];
  const { code } = await run(node, [bin, "run", ...args, ...reporters], {
    cwd: root,
    env,
    stdio: io,
  });
  return reconcileExit(countVitest(readReport(out)), code, "vitest");
}

const runners: Record<Step, (io: Io) => Promise<Counts>> = {
  // The whole project, then the functions under Node's own module rules (api/tsconfig.json), as Vercel
  // compiles them: an import Node would refuse on a host fails here.
  typecheck: async (io) => {
    const all = await run(localBin("tsc"), ["--noEmit"], { cwd: root, env, stdio: io });
    const hosts = await run(localBin("tsc"), ["-p", "api/tsconfig.json"], {
      cwd: root,
      env,
      stdio: io,
    });
    return countCheck(all.code === 0 && hosts.code === 0, "typecheck");
  },
  lint: (io) => check(io, "lint", localBin("eslint"), ["."]),
  // Offline: lockfile sources and integrity, known advisories, exact pins, Node and Renovate settings.
  "supply-chain": (io) => check(io, "supply-chain", localBin("tsx"), ["scripts/supply-chain.ts"]),
  // No public URL of main's content disappears without a redirect (content/settings/redirects.yml).
  urls: (io) => check(io, "urls", localBin("tsx"), ["scripts/check-urls.ts"]),
  unit: (io) => vitest(io, "vitest.json", ["--project", "site"]),
  // The functions and their headers, once, on the Node the hosts run them on (24; this machine runs 20).
  // Four files at once (Vitest's default here is one): they wait on servers and PostgreSQL, 186 s -> 59 s alone.
  // The site's jsdom files stay one at a time: beside the build, their one-second waits failed at three.
  server: (io) =>
    vitest(io, "vitest-server.json", ["--project", "server", "--maxWorkers", "4"], tools!.hostNode),
  // The one production build every later step reads, its outside services the loopback fakes; it also
  // writes Vercel's Build Output with Vercel's own plugin, so the Vercel rehearsal deploys this very build.
  build: async () => {
    const result = await buildForTests(root, tools!, env);
    const stuck = result.stuckRuns > 0 ? " (a stuck run was ended and built again)" : "";
    return countCheck(result.ok, `build${stuck}`);
  },
  links: (io) => check(io, "links", localBin("tsx"), ["scripts/check-links.ts", "public"]),
  react: (io) => check(io, "react", localBin("tsx"), ["scripts/check-react.ts", "public"]),
  // Every built page is valid HTML with html-validate's accessibility rules (.htmlvalidate.json; what is off and
  // why: docs/accessibility.md). The CMS admin and Gatsby's fragments are left out (.htmlvalidateignore).
  html: (io) => check(io, "html", localBin("html-validate"), ["public"]),
  // Real Gatsby builds of a small scratch site with hostile content planted (tests/build).
  fixtures: (io) => vitest(io, "vitest-build.json", ["--config", "vitest.build.config.ts"]),
  e2e: async (io) => {
    const out = path.join(reports, "playwright.json");
    fs.rmSync(out, { force: true });
    const { code } = await run(localBin("playwright"), ["test", "--project=chromium"], {
      cwd: root,
      env: { ...env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: out },
      stdio: io,
    });
    return reconcileExit(countPlaywright(readReport(out)), code, "playwright");
  },
  // Netlify's and Vercel's own CLIs serve this build, offline (scripts/hosts/).
  hosts: (io) => check(io, "hosts", localBin("tsx"), ["scripts/verify-hosts.ts", "--reuse-build"]),
};

let chromium = "";
let tools: HostTools | null = null;

async function main(): Promise<number> {
  banner("setup");
  // apt-get and npm ci wait on the network and the disk: both at once, and beside the static checks, which
  // need neither Chromium nor the host tools. Every other step waits for them.
  const needChromium = steps.includes("e2e") || steps.includes("hosts");
  const needTools = steps.some((step) => ["server", "hosts", "build"].includes(step));
  let setupError: Error | null = null;
  const setup = Promise.all([
    needChromium ? ensureChromium() : "",
    needTools ? ensureHostTools(root) : null,
  ]).then(
    (found) => void ([chromium, tools] = found),
    (error: Error) => void (setupError = error),
  );
  const setupDone = async () => {
    await setup;
    if (setupError) abort(setupError.message);
  };

  const rows: StepRow[] = [];
  let built = !steps.includes("build");
  // The first step of a group writes to the terminal as it goes; the others to a log, printed when they end.
  const timedStep = async (step: Step, live: boolean): Promise<StepRow> => {
    const log = live ? null : path.join(fs.mkdtempSync(path.join(os.tmpdir(), "npm-test-")), "log");
    const fd = log ? fs.openSync(log, "w") : null;
    const started = process.hrtime.bigint();
    const counts = await runners[step](fd === null ? "inherit" : ["ignore", fd, fd]);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (log && fd !== null) {
      fs.closeSync(fd);
      banner(`${step} (ran beside the step above)`);
      process.stdout.write(fs.readFileSync(log));
      fs.rmSync(path.dirname(log), { recursive: true, force: true });
    }
    return { step, status: counts.failed > 0 ? "failed" : "passed", counts, seconds };
  };
  for (let i = 0; i < steps.length;) {
    const group = GROUPS.find((members) => members.includes(steps[i]!));
    const together = group ? steps.slice(i).filter((next) => group.includes(next)) : [steps[i]!];
    i += together.length;
    const skipped = (step: Step): string | null =>
      interrupted
        ? "not run (interrupted)"
        : NEED_BUILD.has(step) && !built
          ? "not run (the build failed)"
          : null;
    if (!together.every((step) => STATIC.includes(step))) await setupDone();
    const running = together.filter((step) => !skipped(step));
    if (running.length > 0) banner(running.join(" + "));
    const done = await Promise.all(running.map((step, at) => timedStep(step, at === 0)));
    for (const step of together)
      rows.push(
        done.find((row) => row.step === step) ?? {
          step,
          status: skipped(step) ?? "not run",
          counts: emptyCounts(),
        },
      );
    if (together.includes("build"))
      built = rows.find((row) => row.step === "build")?.status === "passed";
  }
  await setupDone();

  // Nothing the run started may outlive it: whatever is still running is killed and reported.
  if (!interrupted) rows.push(await leftovers(runId));
  banner("summary");
  const total = printSummary(rows);
  return interrupted ? 130 : total.failed > 0 ? 1 : 0;
}

void main().then((code) => process.exit(code));
