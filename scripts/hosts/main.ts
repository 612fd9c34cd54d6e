// Runs the named host rehearsals one after the other (two Gatsby builds at once would only share the cores)
// and prints one table; started by scripts/verify-hosts.mjs once the dependencies and host tools are in.
import { verify as verifyNetlify } from "./netlify";
import { formatTable, type Check } from "./report";
import { hostTools } from "./run";
import { verify as verifyVercel } from "./vercel";

const root = process.cwd();
const args = process.argv.slice(2);
const keep = args.includes("--keep");
const reuse = args.find((arg) => arg.startsWith("--reuse="))?.slice("--reuse=".length);
const hosts = args.filter((arg) => !arg.startsWith("--"));
const rehearsals = { netlify: verifyNetlify, vercel: verifyVercel } as const;

async function main(): Promise<number> {
  const tools = hostTools(root);
  const checks: Check[] = [];
  for (const host of hosts) {
    if (host !== "netlify" && host !== "vercel") throw new Error(`unknown host ${host}`);
    checks.push(
      ...(await rehearsals[host](root, tools, { keep, ...(reuse ? { reuse } : {}) })).checks,
    );
  }
  console.log(`\n${formatTable(checks)}`);
  return checks.some((check) => !check.ok) ? 1 : 0;
}

void main().then((code) => process.exit(code));
