// Vitest setup: unit tests may open sockets to loopback (local servers, fakes) and nowhere else.
import net from "node:net";

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(?:\.\d{1,3}){3})$/i;

type ConnectArgs = Parameters<net.Socket["connect"]>;

/** The host a Socket#connect call targets, or null for a local (IPC / Unix socket) path. */
function targetHost(args: unknown[]): string | null {
  const [first, second] = args;
  // net.connect() passes its already-normalised [options, callback] pair as one array.
  if (Array.isArray(first)) return targetHost(first);
  if (typeof first === "string") return null; // connect(path)
  if (typeof first === "number") return typeof second === "string" ? second : "localhost";
  if (first && typeof first === "object") {
    const options = first as { path?: string; host?: string };
    if (options.path) return null;
    return options.host ?? "localhost";
  }
  return "localhost";
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const host = targetHost(args);
  if (host !== null && !LOOPBACK.test(host)) {
    throw new Error(
      `Unit tests may not reach the network (tried ${host}); point the client at a fake on 127.0.0.1.`,
    );
  }
  return originalConnect.apply(this, args as ConnectArgs);
} as typeof net.Socket.prototype.connect;
