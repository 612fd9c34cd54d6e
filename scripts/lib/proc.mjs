// Child-process helpers for the repo scripts: run a command with inherited output and forwarded signals.
import { spawn } from "node:child_process";
import path from "node:path";

/** Absolute path of a binary installed in node_modules/.bin. */
export function localBin(root, name) {
  return path.join(root, "node_modules", ".bin", name);
}

/**
 * Runs a command, forwarding SIGINT/SIGTERM to it while it runs.
 * Resolves to { code, signal } (code is 1 when the command could not be started).
 */
export function run(cmd, args, { cwd, env, stdio = "inherit", onSpawn } = {}) {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(cmd, args, { cwd, env: env ?? process.env, stdio });
    } catch (error) {
      console.error(`Could not start ${cmd}: ${error.message}`);
      resolve({ code: 1, signal: null });
      return;
    }
    const forward = (sig) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    };
    const onInt = () => forward("SIGINT");
    const onTerm = () => forward("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    const done = (result) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(result);
    };
    child.on("error", (error) => {
      console.error(`Could not start ${cmd}: ${error.message}`);
      done({ code: 1, signal: null });
    });
    child.on("exit", (code, signal) => done({ code: code ?? 1, signal }));
    onSpawn?.(child);
  });
}

/** Exit code a shell would report for a result: the code, or 128 + signal number. */
export function exitCodeOf({ code, signal }) {
  if (signal) {
    const numbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
    return 128 + (numbers[signal] ?? 1);
  }
  return code;
}
