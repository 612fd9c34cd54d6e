// The browser tests' port choice: a named port must be free, a busy one is refused by name, unset ones are free.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { BusyPortError, choosePorts, freePort, isPortFree } from "../../../scripts/lib/ports.mjs";
import { settleE2ePorts } from "../../e2e/support/ports";

const servers: net.Server[] = [];

/** Holds a port the way another program would, for the length of one test. */
async function occupy(): Promise<number> {
  const server = net.createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

describe("ports for the browser tests", () => {
  it("tells a busy port from a free one", async () => {
    const busy = await occupy();
    expect(isPortFree(busy)).toBe(false);
    const free = freePort();
    expect(free).toBeGreaterThan(0);
    expect(isPortFree(free)).toBe(true);
  });

  it("refuses a named port another program listens on, naming the port and the variable", async () => {
    const busy = await occupy();
    let error: unknown;
    try {
      choosePorts(["E2E_PORT"], { E2E_PORT: String(busy) });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BusyPortError);
    expect((error as Error).message).toContain(`port ${busy} (E2E_PORT) is already in use`);
  });

  it("keeps a free named port and picks distinct free ports for unset names", () => {
    const named = freePort();
    const chosen = choosePorts(["E2E_PORT", "E2E_FAKES_PORT"], { E2E_PORT: String(named) });
    expect(chosen.E2E_PORT).toBe(named);
    expect(chosen.E2E_FAKES_PORT).not.toBe(named);
    expect(isPortFree(chosen.E2E_FAKES_PORT)).toBe(true);
  });

  it("refuses a value that is not a port", () => {
    expect(() => choosePorts(["E2E_PORT"], { E2E_PORT: "ninety" })).toThrow(/not a port number/);
  });

  it("settles both ports for Playwright's main process and leaves a worker's alone", async () => {
    const busy = await occupy();
    expect(() => settleE2ePorts({ E2E_PORT: String(busy) })).toThrow(BusyPortError);

    const env: NodeJS.ProcessEnv = {};
    settleE2ePorts(env);
    expect(Number(env.E2E_PORT)).toBeGreaterThan(0);
    expect(Number(env.E2E_FAKES_PORT)).toBeGreaterThan(0);
    expect(env.E2E_PORTS_SETTLED).toBe("1");

    // In a worker the servers already listen on the ports: no check, nothing changed.
    const worker: NodeJS.ProcessEnv = { TEST_WORKER_INDEX: "0", E2E_PORT: String(busy) };
    settleE2ePorts(worker);
    expect(worker.E2E_PORT).toBe(String(busy));
    expect(worker.E2E_PORTS_SETTLED).toBeUndefined();
  });
});
