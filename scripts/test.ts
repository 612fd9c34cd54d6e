// `npm test` (through scripts/bootstrap.mjs, which installs the npm dependencies first): every check of the
// project, one production build tested as built, then the count. `npm test -- --only=unit,e2e` runs a subset.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
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
  "fixtures",
  "e2e",
  "hosts",
] as const;
type Step = (typeof STEPS)[number];
/** The static checks, run side by side (they are contiguous in STEPS). */
const STATIC = new Set<Step>(["typecheck", "lint", "supply-chain", "urls"]);
/** The steps that read the build this run makes. */
const NEED_BUILD = new Set<Step>(["links", "react", "e2e", "hosts"]);

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

/** A command counted as one check. */
async function check(label: string, cmd: string, args: string[]): Promise<Counts> {
  const { code } = await run(cmd, args, { cwd: root, env });
  return countCheck(code === 0, label);
}

/** A Vitest run counted test by test, with `node` (the hosts' Node for the server project). */
async function vitest(report: string, args: string[], node = process.execPath): Promise<Counts> {
  const out = path.join(reports, report);
  fs.rmSync(out, { force: true });
  const bin = path.join(root, "node_modules", "vitest", "vitest.mjs");
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${out}`];
  const { code } = await run(node, [bin, "run", ...args, ...reporters], { cwd: root, env });
  return reconcileExit(countVitest(readReport(out)), code, "vitest");
}

const runners: Record<Step, () => Promise<Counts>> = {
  // The whole project, then the functions under Node's own module rules (api/tsconfig.json), as Vercel
  // compiles them: an import Node would refuse on a host fails here.
  typecheck: async () => {
    const all = await run(localBin("tsc"), ["--noEmit"], { cwd: root, env });
    const hosts = await run(localBin("tsc"), ["-p", "api/tsconfig.json"], { cwd: root, env });
    return countCheck(all.code === 0 && hosts.code === 0, "typecheck");
  },
  lint: () => check("lint", localBin("eslint"), ["."]),
  // Offline: lockfile sources and integrity, known advisories, exact pins, Node and Renovate settings.
  "supply-chain": () => check("supply-chain", localBin("tsx"), ["scripts/supply-chain.ts"]),
  // No public URL of main's content disappears without a redirect (content/settings/redirects.yml).
  urls: () => check("urls", localBin("tsx"), ["scripts/check-urls.ts"]),
  unit: () => vitest("vitest.json", ["--project", "site"]),
  // The functions and their headers, once, on the Node the hosts run them on (24; this machine runs 20).
  server: () => vitest("vitest-server.json", ["--project", "server"], tools!.hostNode),
  // The one production build every later step reads, its outside services the loopback fakes; it also
  // writes Vercel's Build Output with Vercel's own plugin, so the Vercel rehearsal deploys this very build.
  build: async () => {
    const result = await buildForTests(root, tools!, env);
    const stuck = result.stuckRuns > 0 ? " (a stuck run was ended and built again)" : "";
    return countCheck(result.ok, `build${stuck}`);
  },
  links: () => check("links", localBin("tsx"), ["scripts/check-links.ts", "public"]),
  react: () => check("react", localBin("tsx"), ["scripts/check-react.ts", "public"]),
  // Real Gatsby builds of a small scratch site with hostile content planted (tests/build).
  fixtures: () => vitest("vitest-build.json", ["--config", "vitest.build.config.ts"]),
  e2e: async () => {
    const out = path.join(reports, "playwright.json");
    fs.rmSync(out, { force: true });
    const { code } = await run(localBin("playwright"), ["test", "--project=chromium"], {
      cwd: root,
      env: { ...env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: out },
    });
    return reconcileExit(countPlaywright(readReport(out)), code, "playwright");
  },
  // Netlify's and Vercel's own CLIs serve this build, offline (scripts/hosts/).
  hosts: () => check("hosts", localBin("tsx"), ["scripts/verify-hosts.ts", "--reuse-build"]),
};

let chromium = "";
let tools: HostTools | null = null;

async function main(): Promise<number> {
  banner("setup");
  try {
    if (steps.includes("e2e") || steps.includes("hosts")) chromium = await ensureChromium();
    if (steps.some((step) => step === "server" || step === "hosts" || step === "build"))
      tools = await ensureHostTools(root);
  } catch (error) {
    abort((error as Error).message);
  }

  const rows: StepRow[] = [];
  let built = !steps.includes("build");
  const timedStep = async (step: Step): Promise<StepRow> => {
    const started = process.hrtime.bigint();
    const counts = await runners[step]();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { step, status: counts.failed > 0 ? "failed" : "passed", counts, seconds };
  };
  for (let i = 0; i < steps.length; i += 1) {
    const step = steps[i]!;
    if (interrupted) {
      rows.push({ step, status: "not run (interrupted)", counts: emptyCounts() });
      continue;
    }
    if (NEED_BUILD.has(step) && !built) {
      rows.push({ step, status: "not run (the build failed)", counts: emptyCounts() });
      continue;
    }
    // The static checks each keep one core busy and print only what they find: they run side by side.
    const together = STATIC.has(step) ? steps.slice(i).filter((next) => STATIC.has(next)) : [step];
    banner(together.join(" + "));
    rows.push(...(await Promise.all(together.map(timedStep))));
    i += together.length - 1;
    if (step === "build") built = rows.at(-1)?.status === "passed";
  }

  // Nothing the run started may outlive it: whatever is still running is killed and reported.
  if (!interrupted) rows.push(await leftovers(runId));
  banner("summary");
  const total = printSummary(rows);
  return interrupted ? 130 : total.failed > 0 ? 1 : 0;
}

void main().then((code) => process.exit(code));
