// Builds public/ for the fakes (the build `npm test` makes for the browser tests), for the benchmarks that need one.
import fs from "node:fs";
import path from "node:path";
import { freePort } from "./ports.mjs";
import { FAKES_BUILD_RECORD, baseEnv, fakesBuildEnv, gatsbyBuild } from "./setup.mjs";

/** Runs `gatsby build` with the fakes' settings on a free port and records the port. Returns true on success. */
export async function buildForFakes(root, log = console.log) {
  const fakesPort = freePort();
  fs.mkdirSync(path.dirname(path.join(root, FAKES_BUILD_RECORD)), { recursive: true });
  fs.writeFileSync(path.join(root, FAKES_BUILD_RECORD), `${JSON.stringify({ fakesPort })}\n`);
  log(`bench: gatsby build for the fakes on port ${fakesPort}`);
  // Webpack's persistent cache keeps each minified chunk as an earlier build made it: after a build without
  // source maps (npm test's), unchanged chunks (the framework, the runtime) would come back without theirs,
  // and the benches could not tell the SDK chunks apart. Minifying again costs about half a minute.
  fs.rmSync(path.join(root, ".cache", "webpack"), { recursive: true, force: true });
  const result = await gatsbyBuild(root, {
    // With source maps: the benches map chunks and CPU profiles back to the source (opt-in since they are
    // not published by default).
    env: baseEnv({ ...fakesBuildEnv(fakesPort), SOURCE_MAPS: "true" }),
    purpose: "test",
  });
  if (result.code !== 0) log(`bench: gatsby build failed (exit ${result.code})`);
  return result.code === 0;
}
