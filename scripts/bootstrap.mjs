// The entry of `npm start` and `npm test`: installs the npm dependencies when package-lock.json changed since
// the last install, then runs the TypeScript script named first (under tsx) with the remaining arguments.
// Node built-ins only: it runs before node_modules exists.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
const stamp = path.join(root, "node_modules", ".install-stamp");
const lock = fs.readFileSync(path.join(root, "package-lock.json"));
const digest = createHash("sha256").update(lock).digest("hex");
const installed = fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8").trim() === digest;

if (!installed) {
  console.log("deps: package-lock.json is newer than the install; running npm ci");
  const npm = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
  });
  if (npm.status !== 0) {
    console.error(`deps: npm ci failed (exit ${npm.status})`);
    process.exit(1);
  }
  fs.writeFileSync(stamp, `${digest}\n`);
}

// tsx runs in this child's own process, so a signal reaches the process doing the work, not a wrapper.
const child = spawn(process.execPath, ["--import", "tsx", path.join(root, script), ...args], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 1)));
