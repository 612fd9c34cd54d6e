// Which ports the browser tests' own servers take: settled once, in Playwright's main process, before any start.
import path from "node:path";
import { readBuildRecord } from "../../support/build";
import { choosePorts } from "../../support/ports";

/**
 * Sets E2E_PORT and E2E_FAKES_PORT for this process and the workers it starts. The fakes go where the build
 * points (its record names the port it wrote into the site's public settings); a port named in the environment
 * or the record must be free, or the run stops naming it: a server we did not start is never the one under
 * test. Workers inherit the result and skip the check (their servers are running by then).
 */
export function settleE2ePorts(env: NodeJS.ProcessEnv = process.env): void {
  if (env.TEST_WORKER_INDEX !== undefined || env.E2E_PORTS_SETTLED === "1") return;
  const recorded = readBuildRecord(path.resolve(__dirname, "../../.."))?.fakesPort;
  const ports = choosePorts(["E2E_PORT", "E2E_FAKES_PORT"] as const, {
    E2E_PORT: env.E2E_PORT,
    E2E_FAKES_PORT: env.E2E_FAKES_PORT || (recorded === undefined ? undefined : String(recorded)),
  });
  env.E2E_PORT = String(ports.E2E_PORT);
  env.E2E_FAKES_PORT = String(ports.E2E_FAKES_PORT);
  env.E2E_PORTS_SETTLED = "1";
}
