// `npm run supply-chain` (a step of `npm test`): the offline gate on what npm would install; exits 1 with the reasons.
// --root=<dir> checks another project folder (the tests' planted copies), with the repository's data files unless
// that folder has its own supply-chain/.
import fs from "node:fs";
import path from "node:path";
import { run } from "../tests/support/proc";
import { localBin, REPO_ROOT } from "./lib/setup";
import {
  advisoryFindings,
  exceptionProblems,
  hostNodeProblems,
  lockfileProblems,
  nodeProblems,
  pinProblems,
  renovateProblems,
  type Lock,
  type Manifest,
} from "./lib/supplychain";

const rootArg = process.argv.find((arg) => arg.startsWith("--root="));
const root = rootArg ? path.resolve(rootArg.slice("--root=".length)) : REPO_ROOT;
const optional = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null);
const json = <T>(file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as T;
const dataDir = fs.existsSync(path.join(root, "supply-chain"))
  ? path.join(root, "supply-chain")
  : path.join(REPO_ROOT, "supply-chain");

/** lockfile-lint: one registry (npm's), https only, sha512 integrity, names matching their URLs. */
async function lockfileLint(file: string): Promise<boolean> {
  const args = ["--path", file, "--type", "npm", "--allowed-hosts", "npm"];
  const checks = ["--validate-https", "--validate-integrity", "--validate-package-names"];
  return (await run(localBin("lockfile-lint"), [...args, ...checks], { cwd: root })).code === 0;
}

async function main(): Promise<number> {
  const pkg = json<Manifest>(path.join(root, "package.json"));
  const lock = json<Lock>(path.join(root, "package-lock.json"));
  const { advisories } = json<{ advisories: [] }>(path.join(dataDir, "advisories.json"));
  const { exceptions } = json<{ exceptions: [] }>(path.join(dataDir, "exceptions.json"));
  const renovate = optional(path.join(root, "renovate.json"));
  let linted = await lockfileLint(path.join(root, "package-lock.json"));
  const sections: [string, string[]][] = [
    ["lockfile", lockfileProblems(lock)],
    ["advisories", advisoryFindings(lock, advisories, exceptions)],
    ["exceptions", exceptionProblems(lock, advisories, exceptions)],
    ["pins", pinProblems(pkg, lock)],
    ["node", nodeProblems(pkg, optional(path.join(root, ".nvmrc")))],
    ["renovate", renovateProblems(renovate === null ? null : JSON.parse(renovate))],
  ];
  // The hosts' CLIs (the host rehearsals) come from a lockfile of their own, held to the same rules.
  const hostTools = path.join(root, "scripts", "host-tools");
  if (fs.existsSync(path.join(hostTools, "package.json"))) {
    const hostPkg = json<Manifest>(path.join(hostTools, "package.json"));
    const hostLock = json<Lock>(path.join(hostTools, "package-lock.json"));
    linted = (await lockfileLint(path.join(hostTools, "package-lock.json"))) && linted;
    sections.push(
      ["host tools lockfile", lockfileProblems(hostLock)],
      ["host tools advisories", advisoryFindings(hostLock, advisories, exceptions)],
      ["host tools pins", pinProblems(hostPkg, hostLock)],
      ["host node", hostNodeProblems(pkg, hostPkg, optional(path.join(root, "netlify.toml")))],
    );
  }
  if (!linted) console.error("supply-chain: lockfile-lint found problems (above)");
  for (const [name, problems] of sections.filter(([, problems]) => problems.length > 0)) {
    console.error(`supply-chain: ${name}: ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  - ${problem}`);
  }
  const failed = !linted || sections.some(([, problems]) => problems.length > 0);
  const packages = Object.keys(lock.packages ?? {}).length - 1;
  console.log(
    failed
      ? "supply-chain: FAILED"
      : `supply-chain: ${packages} packages from registry.npmjs.org, ${advisories.length} advisories checked, ` +
          `${exceptions.length} accepted with a note`,
  );
  return failed ? 1 : 0;
}

void main().then((code) => process.exit(code));
