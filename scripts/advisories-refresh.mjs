// `npm run advisories:refresh`: where the npm registry's advisory endpoint answers (not on the offline build machines),
// asks it about every installed version and rewrites supply-chain/advisories.json, keeping entries added by hand.
// Usage: node scripts/advisories-refresh.mjs [--registry=https://registry.npmjs.org]
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { lockPackages } from "./lib/supplychain.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const registryArg = process.argv.slice(2).find((arg) => arg.startsWith("--registry="));
const registry = (registryArg?.slice("--registry=".length) ?? "https://registry.npmjs.org").replace(
  /\/+$/,
  "",
);
const file = path.join(root, "supply-chain", "advisories.json");

const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"));
const installed = {};
for (const pkg of lockPackages(lock)) {
  if (!pkg.version) continue;
  (installed[pkg.name] ??= new Set()).add(pkg.version);
}
const body = Object.fromEntries(Object.entries(installed).map(([name, v]) => [name, [...v]]));

// The same bulk endpoint `npm audit` uses: one request with every name and version.
const response = await fetch(`${registry}/-/npm/v1/security/advisories/bulk`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
  signal: AbortSignal.timeout(60_000),
}).catch((error) => {
  console.error(`advisories: could not reach ${registry}: ${error.message}`);
  process.exit(1);
});
if (!response.ok) {
  console.error(`advisories: ${registry} answered ${response.status}; the list is unchanged.`);
  process.exit(1);
}
const answer = await response.json();

const current = JSON.parse(fs.readFileSync(file, "utf8"));
const byKey = new Map(current.advisories.map((a) => [`${a.id}|${a.package}`, a]));
let added = 0;
for (const [name, list] of Object.entries(answer)) {
  for (const advisory of list) {
    const id = /GHSA-[a-z0-9-]+/i.exec(advisory.url ?? "")?.[0] ?? `npm-${advisory.id}`;
    const key = `${id}|${name}`;
    if (!byKey.has(key)) added += 1;
    byKey.set(key, {
      id,
      package: name,
      vulnerable: advisory.vulnerable_versions,
      fixed: byKey.get(key)?.fixed ?? "see the advisory",
      summary: advisory.title,
    });
  }
}
const advisories = [...byKey.values()].sort((a, b) =>
  `${a.package}|${a.id}`.localeCompare(`${b.package}|${b.id}`),
);
fs.writeFileSync(
  file,
  `${JSON.stringify({ ...current, updated: new Date().toISOString().slice(0, 10), advisories }, null, 2)}\n`,
);
console.log(
  `advisories: ${advisories.length} in the list, ${added} new; run npm test to see what they match.`,
);
