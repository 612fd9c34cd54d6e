// Loopback ports for the servers tests and scripts start: free ones, or a named one that must be free.
// Synchronous (a short-lived child process binds the port) so that playwright.config.ts can use it.
import { spawnSync } from "node:child_process";

const PROBE = `
const server = require("node:net").createServer();
server.once("error", (error) => { process.stdout.write("busy:" + error.code); process.exit(0); });
server.listen({ port: Number(process.argv[1]), host: "127.0.0.1", exclusive: true }, () => {
  const chosen = server.address().port;
  server.close(() => process.stdout.write("free:" + chosen));
});
`;

function probe(port: number): { free: true; port: number } | { free: false; code: string } {
  const result = spawnSync(process.execPath, ["-e", PROBE, String(port)], {
    encoding: "utf8",
    timeout: 10_000,
  });
  const [state, value] = String(result.stdout ?? "").split(":");
  if (state === "free") return { free: true, port: Number(value) };
  return { free: false, code: value || `exit ${result.status}` };
}

/** True when nothing listens on 127.0.0.1:port. */
export function isPortFree(port: number): boolean {
  return probe(port).free;
}

/** A port the kernel just handed out on 127.0.0.1 and that nothing listened on. */
export function freePort(): number {
  const found = probe(0);
  if (!found.free) throw new Error(`could not find a free port on 127.0.0.1 (${found.code})`);
  return found.port;
}

/** A port a setting names but another program holds: a server we did not start is never the one under test. */
export class BusyPortError extends Error {
  constructor(
    name: string,
    readonly port: number,
  ) {
    super(
      `port ${port} (${name}) is already in use on 127.0.0.1: the tests only talk to servers they ` +
        `start. Stop the program listening there, or unset ${name} to use a free port.`,
    );
    this.name = "BusyPortError";
  }
}

/**
 * Resolves each named setting to a port: the value in `env` when set (it must be free, or a BusyPortError
 * names it), otherwise a free port. Distinct names never get the same port.
 */
export function choosePorts<N extends string>(
  names: readonly N[],
  env: Partial<Record<N, string>>,
): Record<N, number> {
  const chosen = {} as Record<N, number>;
  const taken = new Set<number>();
  for (const name of names) {
    const raw = env[name];
    let port: number;
    if (raw !== undefined && raw !== "") {
      port = Number(raw);
      if (!Number.isInteger(port) || port < 1 || port > 65535)
        throw new Error(`${name}="${raw}" is not a port number`);
      if (taken.has(port) || !isPortFree(port)) throw new BusyPortError(name, port);
    } else {
      do port = freePort();
      while (taken.has(port));
    }
    taken.add(port);
    chosen[name] = port;
  }
  return chosen;
}
