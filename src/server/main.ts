// Local server entry point (`npx tsx src/server/main.ts`): serves the production build and the functions.
import { promises as fs } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";
import { createApp, type Logger } from "./http/app";
import { refuseRepeatedHost } from "./http/hostHeader";
import { readCmsOAuthEnv, readLeadsEnv, readMeterEnv, readServerEnv, type LeadsEnv } from "./env";
import type { FunctionRoute } from "./functions";
import { closeLeadStores } from "./leads/openLeadStore";
import { startWorkerLoop } from "./leads/workerRunner";
import { closeTriggerStores } from "./schedule/openTriggerStore";
import { startScheduleTimer } from "./schedule/runner";

export type ServerOptions = {
  publicDir: string;
  port: number;
  /** null listens on every interface, so both localhost spellings (::1 and 127.0.0.1) connect. */
  host: string | null;
  logger?: Logger;
  /** The function routes; the benchmarks pass none, to serve the build alone. */
  functions?: readonly FunctionRoute[];
  /** Wakes the delivery worker when a lead is left for it (PlatformContext.deliverLater). */
  deliverLater?: () => void;
};

export type RunningServer = {
  url: string;
  port: number;
  /** Stops accepting connections and resolves once in-flight requests have finished. */
  close(): Promise<void>;
};

/** How long in-flight requests may take to finish after a stop signal before they are cut off. */
const SHUTDOWN_GRACE_MS = 3000;

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (!(await isDirectory(options.publicDir))) {
    throw new Error(
      `The build output ${options.publicDir} does not exist: run npm run build first.`,
    );
  }
  const app = createApp({
    publicDir: options.publicDir,
    ...(options.functions ? { functions: options.functions } : {}),
    // Read per request, so the override behaves like the edge header it stands in for.
    platform: () => ({
      country: readServerEnv().geoCountry,
      ...(options.deliverLater ? { deliverLater: options.deliverLater } : {}),
    }),
    trustProxy: () => {
      const env = readServerEnv();
      return { trust: env.trustProxy, header: env.trustProxyHeader };
    },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const server = createAdaptorServer({
    fetch: app.fetch,
    createServer: ((serverOptions: http.ServerOptions, listener: http.RequestListener) =>
      http.createServer(serverOptions, refuseRepeatedHost(listener))) as typeof http.createServer,
  });
  if (!(server instanceof http.Server)) throw new Error("Expected an HTTP/1.1 server.");

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    const onListening = (): void => {
      server.off("error", reject);
      resolve();
    };
    if (options.host) server.listen(options.port, options.host, onListening);
    else server.listen(options.port, onListening);
  });

  const { port } = server.address() as AddressInfo;
  const host = options.host;
  const shownHost =
    !host || host === "0.0.0.0" || host === "::"
      ? "localhost"
      : host.includes(":")
        ? `[${host}]`
        : host;

  return {
    url: `http://${shownHost}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        // Keep-alive sockets would otherwise hold close() open until they time out.
        server.closeIdleConnections();
      }),
  };
}

export async function main(): Promise<void> {
  let running: RunningServer | null = null;
  let stopWorker: () => Promise<void> = async () => undefined;
  let wakeWorker: () => void = () => undefined;
  let stopTrigger: () => Promise<void> = async () => undefined;
  let stopping = false;
  // Registered before listening, so a stop signal during start-up still ends the process cleanly.
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`serve: ${signal} received, shutting down`);
    if (running === null) process.exit(0);
    void Promise.all([running.close(), stopWorker(), stopTrigger()])
      .then(() => Promise.all([closeLeadStores(), closeTriggerStores()]))
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  let leads: LeadsEnv;
  let publicDir = "";
  try {
    const env = readServerEnv();
    publicDir = env.publicDir;
    // Every setting the functions read is checked before listening: a bad one stops the start with a
    // message naming it (e.g. a lease too short to cover a send would let two workers send one lead).
    leads = readLeadsEnv();
    readMeterEnv();
    readCmsOAuthEnv();
    running = await startServer({
      publicDir: env.publicDir,
      port: env.port,
      host: env.host,
      // The worker starts after listening; until then there is nothing to wake.
      deliverLater: () => wakeWorker(),
    });
  } catch (error) {
    const code =
      typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
    const message =
      code === "EADDRINUSE"
        ? "The port is already in use: stop the other server or set PORT."
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`serve: ${message}`);
    process.exit(1);
  }
  if (stopping) {
    await running.close();
    process.exit(0);
  }
  console.log(`serve: listening on ${running.url}`);
  if (leads.delivery.workerIntervalMs > 0 && leads.hubspot.portalId) {
    const worker = startWorkerLoop(leads, (line) => console.log(line));
    stopWorker = worker.stop;
    wakeWorker = worker.wake;
  }
  // Scheduled publishing: the build hook is called when the build's next scheduled entry falls due.
  if (leads.schedule.buildHookUrl) {
    stopTrigger = startScheduleTimer(leads, publicDir, (line) => console.log(line));
  }
}

const entry = process.argv[1];
if (entry !== undefined && path.resolve(entry) === fileURLToPath(import.meta.url)) void main();
