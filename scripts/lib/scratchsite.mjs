// A scratch copy of the site to build somewhere else: the committed files, node_modules linked, nothing of the work tree's builds.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Folders a copy never takes: installs, builds and caches of the work tree. */
const NOT_COPIED = new Set([
  "node_modules",
  "public",
  ".cache",
  ".git",
  "tests/artifacts",
  "test-results",
]);

/** The repository's files: git's list when there is one (committed and new files, not ignored ones). */
function siteFiles(root) {
  try {
    const out = execFileSync(
      "git",
      ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
      {
        cwd: root,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return out.split("\0").filter((file) => file && fs.existsSync(path.join(root, file)));
  } catch {
    const files = [];
    const walk = (dir) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const relative = dir ? `${dir}/${entry.name}` : entry.name;
        if (NOT_COPIED.has(relative)) continue;
        if (entry.isDirectory()) walk(relative);
        else if (entry.isFile()) files.push(relative);
      }
    };
    walk("");
    return files;
  }
}

/**
 * Copies the site at `root` into a new folder (under the system's temp folder unless `dir` is given) and links
 * its node_modules, so `gatsby build` runs there as it would in the work tree. Returns the folder and a remove().
 */
export function createScratchSite(root, { dir, prefix = "site-copy-" } = {}) {
  const target = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(target, { recursive: true });
  for (const file of siteFiles(root)) {
    if (NOT_COPIED.has(file.split("/")[0])) continue;
    const to = path.join(target, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(root, file), to);
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(target, "node_modules"), "dir");
  return { dir: target, remove: () => fs.rmSync(target, { recursive: true, force: true }) };
}

/** Writes `content` at `relative` inside the scratch site, creating folders. */
export function writeSiteFile(dir, relative, content) {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}
