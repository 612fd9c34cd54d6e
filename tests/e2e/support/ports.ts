// Which ports the browser tests' own servers take: checked once, in Playwright's main process, before any start.
import fs from "node:fs";
import path from "node:path";
import { choosePorts } from "../../../scripts/lib/ports.mjs";

/** Where the build step of `npm test` records the fakes' port it wrote into the site (GATSBY_API_URL...). */
export const BUILD_PORTS_FILE = path.resolve("tests", "artifacts", "e2e-build.json");

function builtFakesPort(): string | undefined {
  try {
    const recorded = JSON.parse(fs.readFileSync(BUILD_PORTS_FILE, "utf8")) as {
      fakesPort?: number;
    };
    return recorded.fakesPort === undefined ? undefined : String(recorded.fakesPort);
  } catch {
    return undefined;
  }
}

/**
 * Sets E2E_PORT and E2E_FAKES_PORT for this process and the workers it starts. A port named in the
 * environment (or the fakes' port the build recorded) must be free: a busy one stops the run with a
 * message naming it, since a server we did not start is never the one under test. Unset ports are
 * chosen free. Workers inherit the result and skip the check (their servers are running by then).
 */
export function settleE2ePorts(env: NodeJS.ProcessEnv = process.env): void {
  if (env.TEST_WORKER_INDEX !== undefined || env.E2E_PORTS_SETTLED === "1") return;
  const ports = choosePorts(["E2E_PORT", "E2E_FAKES_PORT"], {
    E2E_PORT: env.E2E_PORT,
    E2E_FAKES_PORT: env.E2E_FAKES_PORT || builtFakesPort(),
  });
  env.E2E_PORT = String(ports.E2E_PORT);
  env.E2E_FAKES_PORT = String(ports.E2E_FAKES_PORT);
  env.E2E_PORTS_SETTLED = "1";
}
