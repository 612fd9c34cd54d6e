// `npm start` (through scripts/bootstrap.mjs, which installs the npm dependencies first): builds when public/ is
// not a build of the current sources, then serves it with the functions at http://localhost:9000 (PORT to change).
import path from "node:path";
import { gatsbyBuild } from "../tests/support/build";
import { run } from "../tests/support/proc";
import { staleBuild, writeBuildStamp } from "./lib/freshness";
import { REPO_ROOT as root } from "./lib/setup";

async function main(): Promise<number> {
  const stale = staleBuild(root, "site");
  if (stale) {
    console.log(`build: ${stale}; running gatsby build`);
    const built = await gatsbyBuild(root, process.env);
    if (built.code !== 0) return built.code;
    writeBuildStamp(root, "site");
  }
  const port = process.env.PORT || "9000";
  console.log(`serve: the site and its functions on http://localhost:${port}`);
  // Node loads tsx in the server's own process, so Ctrl-C reaches the process that serves.
  const served = await run(
    process.execPath,
    ["--import", "tsx", path.join("src", "server", "main.ts")],
    {
      cwd: root,
      env: { ...process.env, PORT: port },
    },
  );
  return served.code;
}

void main().then((code) => process.exit(code));
