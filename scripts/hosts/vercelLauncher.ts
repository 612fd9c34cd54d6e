// Starts one built Vercel function the way @vercel/node's launcher loads it, and answers real requests with it.
//
// The launcher (@vercel/node's dev-server.mjs, from the pinned CLI) imports the function's handler with
// `import()`, on the Node major its `.vc-config.json` names, and serves it over HTTP; this module starts it
// in the function's folder, waits for its port and forwards requests the way Vercel's proxy does (the
// platform's own x-real-ip and x-forwarded-* headers replacing any the client sent).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export type VcConfig = { handler: string; runtime: string; launcherType?: string };

export type LaunchedFunction = {
  name: string;
  origin: string;
  /** Everything the function printed: a failed load says why here. */
  output(): string;
  stop(): Promise<void>;
};

export function readVcConfig(funcDir: string): VcConfig {
  return JSON.parse(fs.readFileSync(path.join(funcDir, ".vc-config.json"), "utf8")) as VcConfig;
}

/** "nodejs24.x" → 24; anything else is not a Node function. */
export function nodeMajorOf(runtime: string): number | null {
  const match = /^nodejs(\d+)\.x$/.exec(runtime);
  return match ? Number(match[1]) : null;
}

function waitForPort(
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the launcher did not start within ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const check = () => {
      const found = /port: (\d+)/.exec(output());
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout?.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the launcher exited (code ${code}) before listening:\n${output()}`));
    });
  });
}

/**
 * Loads the function in `funcDir` with `node` (the binary of the runtime's major) and the launcher
 * script; resolves once it listens. A handler that cannot be imported makes the launcher log the
 * error; the first request then ends the process, which `call` reports.
 */
export async function launchFunction(options: {
  name: string;
  funcDir: string;
  node: string;
  launcher: string;
  env: Record<string, string | undefined>;
  timeoutMs?: number;
}): Promise<LaunchedFunction> {
  const config = readVcConfig(options.funcDir);
  let text = "";
  const child = spawn(options.node, [options.launcher], {
    cwd: options.funcDir,
    env: {
      ...options.env,
      VERCEL_DEV_ENTRYPOINT: config.handler,
      VERCEL_DEV_CONFIG: "{}",
      VERCEL_DEV_BUILD_ENV: "{}",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const port = await waitForPort(child, () => text, options.timeoutMs ?? 30_000);
  return {
    name: options.name,
    origin: `http://127.0.0.1:${port}`,
    output: () => text,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}

/** Headers Vercel's proxy writes itself: a client's own values for these never reach a function. */
export const PLATFORM_HEADERS = [
  "x-real-ip",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
];

/** Sends a request to a launched function as Vercel's proxy would, from the given client address. */
export async function callFunction(
  fn: LaunchedFunction,
  request: { method: string; url: string; headers?: Record<string, string>; body?: string },
  client: { ip: string; host: string },
): Promise<Response> {
  const headers = new Headers(request.headers);
  for (const name of PLATFORM_HEADERS) headers.delete(name);
  headers.set("x-real-ip", client.ip);
  headers.set("x-forwarded-for", client.ip);
  headers.set("x-forwarded-host", client.host);
  headers.set("x-forwarded-proto", "https");
  return fetch(`${fn.origin}${request.url}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    redirect: "manual",
  });
}
