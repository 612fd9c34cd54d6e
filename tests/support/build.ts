// The one production build the tests use: made with the loopback fakes' addresses as its public settings,
// guarded against Gatsby's rare hang, and recorded so every later user (browser tests, host rehearsals,
// benches) starts its fakes where the build points.
import fs from "node:fs";
import path from "node:path";
import { runBuild, type RunResult } from "./proc";

/** Where the build records the fakes' port it wrote into the site (git-ignored). */
export const BUILD_RECORD = path.join("tests", "artifacts", "build.json");

export type BuildRecord = {
  /** The port of the fake upstreams whose addresses the build's GATSBY_* settings name. */
  fakesPort: number;
  /** Whether the build also wrote Vercel's Build Output (.vercel/output) for the Vercel rehearsal. */
  vercelOutput: boolean;
};

export function readBuildRecord(root: string): BuildRecord | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, BUILD_RECORD), "utf8")) as BuildRecord;
  } catch {
    return null;
  }
}

/** The public settings of a build whose outside services are the loopback fakes on `fakesPort`. */
export function fakesBuildEnv(fakesPort: number): Record<string, string> {
  const fakes = `http://127.0.0.1:${fakesPort}`;
  return {
    GATSBY_API_URL: `${fakes}/api`,
    // Analytics on, pointed at the fake ingestion (tests/support/fakes/amplitude.ts).
    GATSBY_AMPLITUDE_API_KEY: "0123456789abcdef0123456789abcdef",
    GATSBY_AMPLITUDE_SERVER_URL: `${fakes}/2/httpapi`,
    // Every page load reports its web vitals, so a test can see the one event (the default samples a tenth).
    GATSBY_WEB_VITALS_SAMPLE_RATE: "1",
    // Identification on, with a loopback agent (tests/support/fakes/fingerprint.ts) in place of the CDN.
    GATSBY_FPJS_PUBLIC_API_KEY: "e2ePublicKey0001",
    GATSBY_FPJS_TEST_AGENT_URL: `${fakes}/__fake/fingerprint/identify`,
    // The sales team's scheduling page (the success step's "Pick a time for a call").
    GATSBY_SALES_CALL_URL: `${fakes}/__fake/meetings/sales`,
    // The apply page's frame-src names the form the site's proxy links to.
    GREENHOUSE_EMBED_URL: `${fakes}/embed/job_app`,
    // The CMS admin's GitHub backend, its repository served by the fake GitHub (tests/support/fakes/github).
    GATSBY_CMS_GITHUB_REPO: "acme/marketing-site",
  };
}

/**
 * `gatsby build` in `dir` with `env`, under the build guard: a stuck build is ended and run once more from
 * an empty cache. Output goes to `log` when given (the planted-site builds), else to this process's.
 */
export async function gatsbyBuild(
  dir: string,
  env: NodeJS.ProcessEnv,
  log?: string,
): Promise<RunResult & { stuckRuns: number }> {
  const out = log ? fs.openSync(log, "w") : null;
  try {
    return await runBuild(path.join(dir, "node_modules", ".bin", "gatsby"), ["build"], {
      cwd: dir,
      env: { ...env, GATSBY_TELEMETRY_DISABLED: "1" },
      stdio: out === null ? "inherit" : ["ignore", out, out],
      guard: { label: `gatsby build in ${dir}` },
      beforeRetry: () => fs.rmSync(path.join(dir, ".cache"), { recursive: true, force: true }),
    });
  } finally {
    if (out !== null) fs.closeSync(out);
  }
}
