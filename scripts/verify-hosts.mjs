// `npm run verify:hosts` (`verify:netlify`, `verify:vercel`): builds and runs the site with Netlify's and
// Vercel's own CLIs, offline, each in a scratch copy, and checks what a deployment would serve.
// Usage: node scripts/verify-hosts.mjs [netlify] [vercel] [--keep] [--reuse=<kept vercel scratch>]
// (both hosts by default; --keep leaves the scratch copies, which a failure always keeps)
import process from "node:process";
import { ensureHostTools } from "./lib/hosttools.mjs";
import { exitCodeOf, run } from "./lib/proc.mjs";
import { REPO_ROOT, ensureChromium, ensureDependencies } from "./lib/setup.mjs";

const HOSTS = ["netlify", "vercel"];
const args = process.argv.slice(2);
// --reuse=<dir>: Vercel only, check a kept scratch copy's build again without building.
const passed = args.filter((arg) => arg.startsWith("--"));
const named = args.filter((arg) => !arg.startsWith("--"));
const unknown = named.filter((host) => !HOSTS.includes(host));
if (unknown.length > 0) {
  console.error(
    `verify-hosts: unknown host ${unknown.join(", ")}; usage: verify-hosts [netlify] [vercel] [--keep]`,
  );
  process.exit(2);
}
const hosts = named.length > 0 ? named : HOSTS;

if (!(await ensureDependencies(REPO_ROOT))) process.exit(1);
if (hosts.includes("netlify")) {
  const chromium = await ensureChromium();
  if (!chromium.ok) {
    console.error(chromium.message);
    process.exit(1);
  }
}
await ensureHostTools(REPO_ROOT);

// The rehearsals are TypeScript (they share the site's fakes and header code): run them under tsx, in a
// process of their own, now that node_modules is there.
const result = await run(
  process.execPath,
  ["--import", "tsx", "scripts/hosts/main.ts", ...hosts, ...passed],
  {
    cwd: REPO_ROOT,
  },
);
process.exit(exitCodeOf(result));
