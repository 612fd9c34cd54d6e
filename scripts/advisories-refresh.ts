// `npm run advisories:refresh [-- --registry=URL]`: where the npm registry's advisory endpoint answers (not on the
// offline build machines), asks it about every installed version and rewrites supply-chain/advisories.json,
// keeping the entries added by hand.
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./lib/setup";
import { lockPackages, type Advisory, type Lock } from "./lib/supplychain";

type Answer = Record<
  string,
  { id: number; url?: string; title: string; vulnerable_versions: string }[]
>;

async function main(): Promise<number> {
  const option = process.argv.find((arg) => arg.startsWith("--registry="));
  const registry = (option?.slice("--registry=".length) ?? "https://registry.npmjs.org").replace(
    /\/+$/,
    "",
  );
  const file = path.join(REPO_ROOT, "supply-chain", "advisories.json");
  const lock = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, "package-lock.json"), "utf8"),
  ) as Lock;
  const installed: Record<string, string[]> = {};
  for (const { name, version } of lockPackages(lock))
    if (version && !installed[name]?.includes(version)) (installed[name] ??= []).push(version);
  // The bulk endpoint `npm audit` uses: one request with every name and version.
  let answer: Answer;
  try {
    const response = await fetch(`${registry}/-/npm/v1/security/advisories/bulk`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(installed),
      signal: AbortSignal.timeout(60_000),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    answer = (await response.json()) as Answer;
  } catch (error) {
    console.error(`advisories: ${registry}: ${(error as Error).message}; the list is unchanged.`);
    return 1;
  }
  const current = JSON.parse(fs.readFileSync(file, "utf8")) as { advisories: Advisory[] };
  const byKey = new Map(current.advisories.map((a) => [`${a.id}|${a.package}`, a]));
  let added = 0;
  for (const [name, list] of Object.entries(answer))
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
  const advisories = [...byKey.values()].sort((a, b) =>
    `${a.package}|${a.id}`.localeCompare(`${b.package}|${b.id}`),
  );
  const updated = new Date().toISOString().slice(0, 10);
  fs.writeFileSync(file, `${JSON.stringify({ ...current, updated, advisories }, null, 2)}\n`);
  console.log(
    `advisories: ${advisories.length} in the list, ${added} new; run npm test to see what they match.`,
  );
  return 0;
}

void main().then((code) => process.exit(code));
