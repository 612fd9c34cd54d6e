// `npm run develop` / `npm run cms`: gatsby develop plus decap-server, so the admin at
// http://localhost:8000/admin/ edits content/ on this machine (local backend). Ctrl-C stops both.
import { spawn } from "node:child_process";
import process from "node:process";
import { localBin } from "./lib/proc.mjs";
import { REPO_ROOT, baseEnv } from "./lib/setup.mjs";

const root = REPO_ROOT;
const children = [
  {
    name: "decap-server",
    bin: localBin(root, "decap-server"),
    args: [],
    // Loopback only: decap-server has no authentication.
    env: baseEnv({ PORT: process.env.CMS_PORT || "8081", BIND_HOST: "127.0.0.1", MODE: "fs" }),
  },
  { name: "gatsby", bin: localBin(root, "gatsby"), args: ["develop"], env: baseEnv() },
].map((spec) => {
  const child = spawn(spec.bin, spec.args, { cwd: root, env: spec.env, stdio: "inherit" });
  return { ...spec, child };
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}

for (const { name, child } of children) {
  child.on("exit", (code, signal) => {
    if (!stopping) console.log(`${name} stopped (${signal ?? code}); stopping the rest`);
    stopAll(code ?? 0);
  });
}
process.on("SIGINT", () => stopAll(130));
process.on("SIGTERM", () => stopAll(143));
