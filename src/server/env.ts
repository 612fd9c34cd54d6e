// The only module that reads server-side environment variables (secrets and server configuration).
import path from "node:path";

export type ServerEnv = {
  /** Local stand-in for the edge's visitor country (e.g. "DE"); null lets request headers decide. */
  geoCountry: string | null;
  /** Port of the local server; 0 asks the OS for a free one (tests). */
  port: number;
  /** Interface to bind; null binds every interface (IPv6 and IPv4 where available). */
  host: string | null;
  /** Absolute path of Gatsby's build output. */
  publicDir: string;
};

type EnvSource = Readonly<Record<string, string | undefined>>;

const DEFAULT_PORT = 9000;
const DEFAULT_PUBLIC_DIR = "public";

/** Empty and whitespace-only values count as unset, as shells and CI often export `VAR=`. */
function read(source: EnvSource, name: string): string | null {
  const value = source[name]?.trim();
  return value ? value : null;
}

function readPort(source: EnvSource): number {
  const raw = read(source, "PORT");
  if (raw === null) return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${raw}".`);
  }
  return port;
}

/**
 * Reads the environment on every call rather than at import time, so tests (and later secrets
 * such as the HubSpot token) see the values in effect when a request is handled.
 */
export function readServerEnv(source: EnvSource = process.env): ServerEnv {
  return {
    // Upper-cased for convenience; the handler still rejects anything that is not two letters.
    geoCountry: read(source, "GEO_COUNTRY")?.toUpperCase() ?? null,
    port: readPort(source),
    host: read(source, "HOST"),
    publicDir: path.resolve(read(source, "PUBLIC_DIR") ?? DEFAULT_PUBLIC_DIR),
  };
}
