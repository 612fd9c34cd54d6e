// Decides from file mtimes whether npm dependencies must be installed and whether the site must be rebuilt.
import fs from "node:fs";
import path from "node:path";

/** Written into public/ after a successful build; its mtime is the build's completion time. */
export const BUILD_STAMP = ".build-stamp";

/**
 * What the production build depends on, relative to the repo root. Directories are walked recursively;
 * plain names are files; `gatsby-*` entries are matched against the files at the root.
 */
export const BUILD_SOURCES = ["src", "content", "static", "package-lock.json"];
export const BUILD_ROOT_FILE_PATTERN = /^gatsby-[^/]+\.(ts|tsx)$/;

/**
 * Paths under the sources that do not feed the build: the types file Gatsby itself writes during
 * every build and `gatsby develop`, and the local server, which tsx runs from source at serve time.
 */
export const BUILD_IGNORES = ["src/gatsby-types.d.ts", "src/server"];

const SKIP_DIR_NAMES = new Set(["node_modules", ".git", ".cache"]);

/** mtime in ms of a path, or null when it does not exist. */
export function mtimeOf(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return null;
  }
}

function toPosix(p) {
  return p.split(path.sep).join("/");
}

/**
 * Newest mtime among the given paths (files or directories, walked recursively), with the path it
 * belongs to. Missing paths are skipped. `ignore` holds root-relative POSIX paths to leave out.
 * Returns { mtimeMs: null, path: null } when nothing exists.
 */
export function newestMtime(root, relPaths, ignore = []) {
  const ignored = new Set(ignore.map((p) => p.replace(/\/+$/, "")));
  let best = { mtimeMs: null, path: null };
  const consider = (abs, mtimeMs) => {
    if (best.mtimeMs === null || mtimeMs > best.mtimeMs) best = { mtimeMs, path: abs };
  };
  const walk = (abs) => {
    const rel = toPosix(path.relative(root, abs));
    if (ignored.has(rel)) return;
    let st;
    try {
      st = fs.lstatSync(abs);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      // A directory's own mtime changes when entries are added, removed or renamed.
      consider(abs, st.mtimeMs);
      for (const name of fs.readdirSync(abs)) {
        if (SKIP_DIR_NAMES.has(name)) continue;
        walk(path.join(abs, name));
      }
    } else {
      consider(abs, st.mtimeMs);
    }
  };
  for (const rel of relPaths) walk(path.join(root, rel));
  return best;
}

/** The files at the repo root that match gatsby-*.ts(x). */
export function gatsbyRootFiles(root) {
  let names = [];
  try {
    names = fs.readdirSync(root);
  } catch {
    return [];
  }
  return names.filter((n) => BUILD_ROOT_FILE_PATTERN.test(n)).sort();
}

/**
 * Whether `npm ci` / `npm install` must run.
 * node_modules/.package-lock.json is npm's record of what is installed; npm rewrites it on every
 * install, so its mtime is the time of the last install.
 * Returns { needed, reason, command: ["npm", ...args] }.
 */
export function installStatus(root) {
  const lock = path.join(root, "package-lock.json");
  const pkg = path.join(root, "package.json");
  const hasLock = mtimeOf(lock) !== null;
  const command = hasLock ? ["npm", "ci"] : ["npm", "install"];
  const nodeModules = path.join(root, "node_modules");
  if (mtimeOf(nodeModules) === null) {
    return { needed: true, reason: "node_modules is missing", command };
  }
  const installed = mtimeOf(path.join(nodeModules, ".package-lock.json"));
  if (installed === null) {
    return { needed: true, reason: "node_modules/.package-lock.json is missing", command };
  }
  const reference = hasLock ? lock : pkg;
  const referenceMtime = mtimeOf(reference);
  if (referenceMtime !== null && referenceMtime > installed) {
    return {
      needed: true,
      reason: `${path.basename(reference)} is newer than node_modules`,
      command,
    };
  }
  return { needed: false, reason: "node_modules is up to date", command };
}

/**
 * When the last build finished: the stamp written after a successful build if present, else
 * public/index.html (a build made with plain `gatsby build`). null when there is no build.
 */
export function builtAt(root, publicDir = "public") {
  const stamp = mtimeOf(path.join(root, publicDir, BUILD_STAMP));
  if (stamp !== null) return { mtimeMs: stamp, from: BUILD_STAMP };
  const index = mtimeOf(path.join(root, publicDir, "index.html"));
  if (index !== null) return { mtimeMs: index, from: "index.html" };
  return { mtimeMs: null, from: null };
}

/** What the last stamped build was made for: "site" or "test". */
export function buildPurpose(root, publicDir = "public") {
  try {
    const lines = fs.readFileSync(path.join(root, publicDir, BUILD_STAMP), "utf8").split("\n");
    return lines[1]?.trim() === "test" ? "test" : "site";
  } catch {
    return "site";
  }
}

/** Whether the production build in public/ is missing or older than its sources. */
export function buildStatus(root, publicDir = "public") {
  const built = builtAt(root, publicDir);
  if (built.mtimeMs === null) {
    return { needed: true, reason: `${publicDir}/ has no build` };
  }
  if (built.from === BUILD_STAMP && buildPurpose(root, publicDir) === "test") {
    return {
      needed: true,
      reason: `${publicDir}/ was built for the browser tests (fake API URLs)`,
    };
  }
  const sources = [...BUILD_SOURCES, ...gatsbyRootFiles(root)];
  const newest = newestMtime(root, sources, BUILD_IGNORES);
  if (newest.mtimeMs !== null && newest.mtimeMs > built.mtimeMs) {
    const rel = toPosix(path.relative(root, newest.path));
    return { needed: true, reason: `${rel} is newer than the build (${built.from})` };
  }
  return { needed: false, reason: `${publicDir}/ is up to date` };
}

/** Records a successful build. */
export function writeBuildStamp(root, publicDir = "public", now = new Date(), purpose = "site") {
  const file = path.join(root, publicDir, BUILD_STAMP);
  // "test" marks a build made with the browser tests' fake endpoints baked in; npm start rebuilds it.
  fs.writeFileSync(file, `${now.toISOString()}\n${purpose}\n`);
  fs.utimesSync(file, now, now);
  return file;
}

/**
 * Marks node_modules as installed now. `npm install` may write package-lock.json a moment after
 * its hidden lockfile; touching the hidden one afterwards keeps the next check from reinstalling.
 */
export function markInstalled(root, now = new Date()) {
  const hidden = path.join(root, "node_modules", ".package-lock.json");
  if (mtimeOf(hidden) !== null) fs.utimesSync(hidden, now, now);
}
