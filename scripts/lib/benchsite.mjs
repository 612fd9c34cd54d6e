// The built site as the browser tests serve it, for the benchmarks that need its functions: every function on the
// local server, the outside services replaced by the loopback fakes the build names. Imports TypeScript (run under tsx).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { functions } from "../../src/server/functions.ts";
import { startServer } from "../../src/server/main.ts";
import { createAmplitudeRoute, FAKE_AMPLITUDE_KEY } from "../../tests/support/fakes/amplitude.ts";
import { createFingerprintRoute, FAKE_FPJS_SECRET } from "../../tests/support/fakes/fingerprint.ts";
import { startFakeGreenhouse } from "../../tests/support/fakes/greenhouse.ts";
import { createHubspotRoute, hubspotServerEnv } from "../../tests/support/fakes/hubspot.ts";
import { buildPurpose } from "./freshness.mjs";
import { FAKES_BUILD_RECORD } from "./setup.mjs";

/**
 * The fakes' port of the build in public/, when it is a build made for the fakes (`npm test -- --only=build`
 * or a benchmark's --build): { fakesPort } or { problem } saying why not.
 */
export function fakesBuild(root, publicDir = "public") {
  return fakesBuildAt(
    { dir: path.join(root, publicDir), shown: publicDir },
    { file: path.join(root, FAKES_BUILD_RECORD), shown: FAKES_BUILD_RECORD },
  );
}

/** The same check for the build in `site.dir`, whose fakes' port `record.file` names (`shown` in messages). */
function fakesBuildAt(site, record) {
  if (!fs.existsSync(path.join(site.dir, "index.html")))
    return { problem: `${site.shown}/ has no build` };
  if (buildPurpose(site.dir, ".") !== "test")
    return {
      problem: `${site.shown}/ is not a build made for the fakes (its keys point elsewhere)`,
    };
  try {
    const { fakesPort } = JSON.parse(fs.readFileSync(record.file, "utf8"));
    if (Number.isInteger(fakesPort) && fakesPort > 0) return { fakesPort };
  } catch {
    // falls through to the problem below
  }
  return { problem: `${record.shown} does not name the fakes' port of the build` };
}

/** Inside a saved build's folder: the site as built, and the record of the fakes' port it was built for. */
const SAVED_PUBLIC = "public";
const SAVED_RECORD = "fakes-build.json";

/**
 * Copies the fakes build in public/ (with its record) to `dir`, to measure it later beside another build
 * (`bench:interactions -- --against=dir`). Served from there, it never has to be copied back into public/,
 * where Gatsby's next build would keep its page data (docs/performance.md). Returns { problem } or {}.
 */
export function saveFakesBuild(root, dir) {
  const build = fakesBuild(root);
  if (build.problem) return build;
  // Whether `inner` is `outer` or inside it, by path segments (so /work/ma does not hold /work/main).
  const within = (inner, outer) => {
    const rel = path.relative(path.resolve(outer), path.resolve(inner));
    return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
  };
  if (within(root, dir) || within(dir, path.join(root, "public")))
    return { problem: `${dir} holds the repository or its public/: choose a folder of its own` };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(root, "public"), path.join(dir, SAVED_PUBLIC), { recursive: true });
  fs.copyFileSync(path.join(root, FAKES_BUILD_RECORD), path.join(dir, SAVED_RECORD));
  return {};
}

/** A build saved by saveFakesBuild: { publicDir, fakesPort } or { problem }. */
export function savedFakesBuild(dir) {
  const publicDir = path.join(dir, SAVED_PUBLIC);
  const record = path.join(dir, SAVED_RECORD);
  const build = fakesBuildAt({ dir: publicDir, shown: publicDir }, { file: record, shown: record });
  return build.problem ? build : { publicDir, fakesPort: build.fakesPort };
}

/** The server's environment, as playwright.config.ts sets it for the browser tests. */
export function benchServerEnv(fakesOrigin, outboxDir) {
  return {
    GREENHOUSE_API_URL: `${fakesOrigin}/v1`,
    GREENHOUSE_BOARD: "acme",
    GREENHOUSE_EMBED_URL: `${fakesOrigin}/embed/job_app`,
    ...hubspotServerEnv(fakesOrigin),
    LEADS_OUTBOX_DIR: outboxDir,
    // One loopback address posts every run's lead: no per-IP limit; no background resend.
    LEADS_LIMIT_PER_MINUTE: "0",
    LEADS_LIMIT_PER_HOUR: "0",
    LEADS_WORKER_INTERVAL_MS: "0",
    AMPLITUDE_API_KEY: FAKE_AMPLITUDE_KEY,
    AMPLITUDE_API_URL: fakesOrigin,
    FPJS_SECRET_API_KEY: FAKE_FPJS_SECRET,
    FPJS_SERVER_API_URL: fakesOrigin,
    // A benchmark picks the visitor's country per browser context with the x-country header.
    TRUST_TEST_GEO_HEADER: "1",
  };
}

/**
 * Starts the fakes on `fakesPort` and the site with every function on a free loopback port. The server reads its
 * environment per request, so the variables are set in this process (and put back by close()). `country` (e.g.
 * "US") answers /api/get-country for every request that does not name its own with x-country.
 * Resolves to { url (no trailing slash), fakesOrigin, fakes: { amplitude, fingerprint, hubspot }, close() }.
 */
export async function startBenchSite({ publicDir, fakesPort, country = null }) {
  const hubspot = createHubspotRoute();
  const amplitude = createAmplitudeRoute();
  const fingerprint = createFingerprintRoute();
  const fake = await startFakeGreenhouse({
    port: fakesPort,
    extraRoutes: [hubspot.route, amplitude.route, fingerprint.route],
  });
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-outbox-"));
  const env = { ...benchServerEnv(fake.origin, outboxDir), GEO_COUNTRY: country ?? "" };
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  let server;
  try {
    server = await startServer({
      publicDir,
      port: 0,
      host: "127.0.0.1",
      logger: () => {},
      functions,
    });
  } catch (error) {
    await fake.close();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${server.port}`,
    fakesOrigin: fake.origin,
    fakes: { amplitude, fingerprint, hubspot },
    async close() {
      await server.close();
      await fake.close();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
