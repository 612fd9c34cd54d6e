// Running the hosts' CLIs: their paths, the environment they run in, and a logged child process.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { runRetryingStuck } from "../lib/buildguard.mjs";
import { hostNodeMajor, hostToolsPaths } from "../lib/hosttools.mjs";

export type HostTools = {
  /** Where the pinned tools are installed (.host-tools). */
  dir: string;
  netlify: string;
  vercel: string;
  /** The Node binary the hosts run the functions on, and its major version. */
  hostNode: string;
  hostNodeMajor: number;
  vercelLauncher: string;
  /** The environment for a CLI: the hosts' Node and deno first on PATH, no telemetry. */
  env(extra?: Record<string, string>): Record<string, string | undefined>;
};

export function hostTools(root: string): HostTools {
  const paths = hostToolsPaths(root);
  const major = hostNodeMajor(paths);
  if (major === null)
    throw new Error(`no Node binary in ${paths.hostNodeDir}: run the host tools install`);
  return {
    dir: paths.dir,
    netlify: paths.netlify,
    vercel: paths.vercel,
    hostNode: path.join(paths.hostNodeDir, "node"),
    hostNodeMajor: major,
    vercelLauncher: paths.vercelLauncher,
    env: (extra = {}) => ({
      ...process.env,
      PATH: [paths.hostNodeDir, paths.denoBin, process.env.PATH].join(path.delimiter),
      GATSBY_TELEMETRY_DISABLED: "1",
      NETLIFY_TELEMETRY_DISABLED: "1",
      VERCEL_TELEMETRY_DISABLED: "1",
      ...extra,
    }),
  };
}

/**
 * Runs a command in its own process group with its output in a log file; resolves with the exit code,
 * the seconds it took and the end of its log (what a failure report shows). With `retryStuck`, the run is
 * a build: the guard of scripts/lib/buildguard.mjs ends it if it is stuck (its processes use no CPU for
 * minutes) and runs it once more after `retryStuck()`; the log holds both runs.
 */
export async function spawnLogged(
  command: string,
  args: string[],
  options: {
    cwd: string;
    env: Record<string, string | undefined>;
    log: string;
    retryStuck?: () => void;
  },
): Promise<{ code: number; seconds: number; tail: string }> {
  const started = Date.now();
  const tail = () => `${fs.readFileSync(options.log, "utf8").slice(-3000)}\n(log: ${options.log})`;
  if (options.retryStuck) {
    const out = fs.openSync(options.log, "w");
    // Both runs write into the one log; the guard's report goes to this process's output.
    const result = await runRetryingStuck(command, args, {
      cwd: options.cwd,
      env: options.env,
      label: `${path.basename(command)} ${args.join(" ")}`,
      stdio: ["ignore", out, out],
      beforeRetry: options.retryStuck,
    });
    fs.closeSync(out);
    return { code: result.code, seconds: (Date.now() - started) / 1000, tail: tail() };
  }
  const out = fs.openSync(options.log, "w");
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", out, out],
      detached: true,
    });
    const stop = () => {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    };
    process.once("SIGINT", stop);
    child.on("exit", (code) => {
      process.off("SIGINT", stop);
      fs.closeSync(out);
      resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000, tail: tail() });
    });
  });
}
