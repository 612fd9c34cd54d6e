// `npm run verify:hosts` (`verify:netlify`, `verify:vercel`; a step of `npm test`): Netlify's and Vercel's own
// CLIs serve the one production build offline, each in a scratch copy, and what a deployment would serve is
// checked: functions, headers, redirects, routing. Builds first (as npm test's build step does) unless public/
// is already that build; `--reuse-build` (npm test) insists that it is. `--keep` keeps the scratch copies.
import fs from "node:fs";
import path from "node:path";
import { readBuildRecord } from "../tests/support/build";
import { staleBuild } from "./lib/freshness";
import { ensureChromium, ensureHostTools, REPO_ROOT as root } from "./lib/setup";
import { buildForTests } from "./lib/testBuild";
import { verify as verifyNetlify } from "./hosts/netlify";
import { formatTable, type Check } from "./hosts/report";
import { verify as verifyVercel } from "./hosts/vercel";
import { startWorld } from "./hosts/world";

const HOSTS = ["netlify", "vercel"] as const;

async function main(argv: string[]): Promise<number> {
  const named = argv.filter((arg) => !arg.startsWith("--"));
  const unknown = named.filter((host) => !(HOSTS as readonly string[]).includes(host));
  if (unknown.length > 0) {
    console.error(`verify-hosts: unknown host ${unknown.join(", ")} (hosts: ${HOSTS.join(", ")})`);
    return 2;
  }
  const hosts = named.length > 0 ? (named as (typeof HOSTS)[number][]) : [...HOSTS];
  const keep = argv.includes("--keep");
  const tools = await ensureHostTools(root);
  if (hosts.includes("netlify")) await ensureChromium();

  const stale = staleBuild(root, "test");
  const record = readBuildRecord(root);
  const vercelOutput = fs.existsSync(path.join(root, ".vercel", "output", "config.json"));
  if (stale || !record?.vercelOutput || !vercelOutput) {
    const why = stale ?? "the build did not write Vercel's Build Output";
    if (argv.includes("--reuse-build")) {
      console.error(`verify-hosts: --reuse-build, but public/ is not npm test's build: ${why}`);
      return 1;
    }
    console.log(`verify-hosts: ${why}; building once for both hosts`);
    if (!(await buildForTests(root, tools)).ok) return 1;
  }
  const { fakesPort } = readBuildRecord(root)!;

  const world = await startWorld(fakesPort);
  const checks: Check[] = [];
  try {
    const rehearsals = { netlify: verifyNetlify, vercel: verifyVercel };
    for (const host of hosts)
      checks.push(...(await rehearsals[host](root, tools, world, keep)).checks);
  } finally {
    await world.stop();
  }
  console.log(`\n${formatTable(checks)}`);
  return checks.some((check) => !check.ok) ? 1 : 0;
}

void main(process.argv.slice(2)).then((code) => process.exit(code));
