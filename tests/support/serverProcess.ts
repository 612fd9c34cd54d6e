// The real local server (src/server/main.ts) as a child process of a test or bench: node with tsx as a loader, so
// the pid held is the process that serves (no wrapper in between), its address read from its own start-up line.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const REPO = path.resolve(__dirname, "..", "..");

export type ServerProcess = {
  child: ChildProcess;
  /** The server's address once it listens; rejects with its output if it exits first. */
  url: Promise<string>;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM (its graceful stop), then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
};

/** Node running `script` (a path from the repository's root) with tsx, in the repository. */
export function spawnNode(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: REPO,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));

/** Starts main.ts on a free port of 127.0.0.1 with `env` over this process's environment. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawnNode("src/server/main.ts", [], {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    ...env,
  });
  let text = "";
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening on (http:\/\/\S+?)\/?\s/.exec(text);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", () => reject(new Error(`server exited:\n${text}`)));
  });
  url.catch(() => undefined);
  return {
    child,
    url,
    output: () => text,
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      child.kill("SIGTERM");
      await exited(child);
      clearTimeout(killer);
    },
  };
}
