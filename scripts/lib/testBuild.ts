// The one production build `npm test` makes and every later step reads (browser tests, link and React checks,
// both host rehearsals): its outside services the loopback fakes, recorded with their port, and with Vercel's
// Build Output written by Vercel's own Gatsby plugin so the Vercel rehearsal deploys this very build.
import fs from "node:fs";
import path from "node:path";
import {
  BUILD_RECORD,
  fakesBuildEnv,
  gatsbyBuild,
  type BuildRecord,
} from "../../tests/support/build";
import { freePort } from "../../tests/support/ports";
import { writeBuildStamp } from "./freshness";
import type { HostTools } from "./setup";

export async function buildForTests(
  root: string,
  tools: HostTools,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ ok: boolean; stuckRuns: number }> {
  const fakesPort = Number(env.E2E_FAKES_PORT || freePort());
  fs.rmSync(path.join(root, ".vercel", "output"), { recursive: true, force: true });
  const result = await gatsbyBuild(root, {
    ...env,
    ...fakesBuildEnv(fakesPort),
    VERCEL_GATSBY_PLUGIN: tools.vercelGatsbyPlugin,
  });
  const record: BuildRecord = {
    fakesPort,
    vercelOutput: fs.existsSync(path.join(root, ".vercel", "output", "config.json")),
  };
  fs.mkdirSync(path.dirname(path.join(root, BUILD_RECORD)), { recursive: true });
  fs.writeFileSync(path.join(root, BUILD_RECORD), `${JSON.stringify(record)}\n`);
  if (result.code === 0) writeBuildStamp(root, "test");
  return { ok: result.code === 0 && record.vercelOutput, stuckRuns: result.stuckRuns };
}
