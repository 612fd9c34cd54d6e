// `npm run supply-chain` (a step of `npm test`): the offline gate on what npm would install. Exits 1 with the reasons.
// Options: --root=<dir> checks another project folder (the tests' planted fixtures); the data files stay the repo's
// own unless that folder has its own supply-chain/ folder.
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { run } from "./lib/proc.mjs";
import {
  advisoryFindings,
  exceptionProblems,
  lockfileProblems,
  hostNodeProblems,
  nodeProblems,
  pinProblems,
  renovateProblems,
} from "./lib/supplychain.mjs";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rootArg = process.argv.slice(2).find((arg) => arg.startsWith("--root="));
const root = rootArg ? path.resolve(rootArg.slice("--root=".length)) : repo;

const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"));
const readOptional = (file) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null);
const dataDir = fs.existsSync(path.join(root, "supply-chain"))
  ? path.join(root, "supply-chain")
  : path.join(repo, "supply-chain");

const pkg = readJson(path.join(root, "package.json"));
const lockFile = path.join(root, "package-lock.json");
const lock = readJson(lockFile);
const advisories = readJson(path.join(dataDir, "advisories.json")).advisories;
const exceptions = readJson(path.join(dataDir, "exceptions.json")).exceptions;
const renovateText = readOptional(path.join(root, "renovate.json"));

/** lockfile-lint: one registry (npm's), https only, sha512 integrity, names matching their URLs. */
const lockfileLint = (file) =>
  run(
    path.join(repo, "node_modules", ".bin", "lockfile-lint"),
    [
      "--path",
      file,
      "--type",
      "npm",
      "--allowed-hosts",
      "npm",
      "--validate-https",
      "--validate-integrity",
      "--validate-package-names",
    ],
    { cwd: root },
  );

const lint = await lockfileLint(lockFile);
const sections = [
  ["lockfile", lockfileProblems(lock)],
  ["advisories", advisoryFindings(lock, advisories, exceptions)],
  ["exceptions", exceptionProblems(lock, advisories, exceptions)],
  ["pins", pinProblems(pkg, lock)],
  ["node", nodeProblems(pkg, readOptional(path.join(root, ".nvmrc")))],
  ["renovate", renovateProblems(renovateText === null ? null : JSON.parse(renovateText))],
];

// The hosts' CLIs (`npm run verify:hosts`) come from a lockfile of their own, held to the same rules.
const hostToolsDir = path.join(root, "scripts", "host-tools");
const hostPkgText = readOptional(path.join(hostToolsDir, "package.json"));
let hostLintCode = 0;
if (hostPkgText !== null) {
  const hostPkg = JSON.parse(hostPkgText);
  const hostLockFile = path.join(hostToolsDir, "package-lock.json");
  const hostLock = readJson(hostLockFile);
  hostLintCode = (await lockfileLint(hostLockFile)).code;
  sections.push(
    ["host tools lockfile", lockfileProblems(hostLock)],
    ["host tools advisories", advisoryFindings(hostLock, advisories, exceptions)],
    ["host tools pins", pinProblems(hostPkg, hostLock)],
    ["host node", hostNodeProblems(pkg, hostPkg, readOptional(path.join(root, "netlify.toml")))],
  );
}
let failed = lint.code !== 0 || hostLintCode !== 0;
if (failed) console.error("supply-chain: lockfile-lint found problems (above)");
for (const [name, problems] of sections) {
  if (problems.length === 0) continue;
  failed = true;
  console.error(`supply-chain: ${name}: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  - ${problem}`);
}
const packages = Object.keys(lock.packages ?? {}).length - 1;
console.log(
  failed
    ? "supply-chain: FAILED"
    : `supply-chain: ${packages} packages from ${"registry.npmjs.org"}, ${advisories.length} advisories checked, ${exceptions.length} accepted with a note`,
);
process.exit(failed ? 1 : 0);
