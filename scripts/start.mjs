// `npm start`: install dependencies and build when stale, then serve the build and the functions locally.
// Uses Node built-ins only: it runs before node_modules exists.
import process from "node:process";
import { run, exitCodeOf } from "./lib/proc.mjs";
import { REPO_ROOT, baseEnv, ensureBuild, ensureDependencies } from "./lib/setup.mjs";

const root = REPO_ROOT;
process.chdir(root);

if (!(await ensureDependencies(root))) process.exit(1);
if (!(await ensureBuild(root))) process.exit(1);

const env = baseEnv({ PORT: process.env.PORT || "9000" });
console.log(`serve: starting the local server on port ${env.PORT}`);
// run() forwards SIGINT/SIGTERM to the server, which shuts down cleanly; we exit with its status. Node
// loads tsx in-process, so the signal reaches the process that serves, not a wrapper around it.
const result = await run(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  cwd: root,
  env,
});
process.exit(exitCodeOf(result));
