// A throwaway copy of the checkout, for work that writes into the tree it runs in (a Gatsby build of planted
// content, the hosts' CLIs, a 5,000-post bench): git's files, node_modules linked, nothing of the work tree's builds.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Scratch = { dir: string; remove(): void };

export type ScratchOptions = {
  prefix: string;
  /**
   * How node_modules comes along: a symlink (instant; what Gatsby needs), or hard links per package (a second
   * or two, for tools that resolve real paths inside the tree, such as Netlify's function bundler).
   */
  nodeModules?: "symlink" | "hardlink";
  /** Leaves out the files this returns false for (paths relative to the root, with "/"). */
  include?: (file: string) => boolean;
  /** Ignored folders to bring along as copies (an existing build: "public"); the work tree's stay untouched. */
  alsoCopy?: string[];
};

/** The repository's files as git sees them: committed and new, never ignored ones. */
export function checkoutFiles(root: string): string[] {
  const out = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return out.split("\0").filter((file) => file !== "" && fs.existsSync(path.join(root, file)));
}

function hardLink(from: string, to: string): void {
  if (spawnSync("cp", ["-al", from, to], { stdio: "ignore" }).status !== 0)
    fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
}

/** Copies the checkout at `root` into a new folder under the system temp folder. */
export function makeScratch(root: string, options: ScratchOptions): Scratch {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix));
  for (const file of checkoutFiles(root)) {
    if (options.include && !options.include(file)) continue;
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(path.join(root, file), target, { verbatimSymlinks: true });
  }
  const modules = path.join(root, "node_modules");
  if (options.nodeModules === "hardlink") {
    fs.mkdirSync(path.join(dir, "node_modules"));
    for (const entry of fs.readdirSync(modules))
      if (entry !== ".cache") hardLink(path.join(modules, entry), path.join(dir, "node_modules"));
  } else {
    fs.symlinkSync(modules, path.join(dir, "node_modules"), "dir");
  }
  for (const folder of options.alsoCopy ?? []) {
    const from = path.join(root, folder);
    if (!fs.existsSync(from)) throw new Error(`${from} does not exist: nothing to bring along`);
    fs.mkdirSync(path.dirname(path.join(dir, folder)), { recursive: true });
    if (spawnSync("cp", ["-a", from, path.join(dir, folder)], { stdio: "inherit" }).status !== 0)
      throw new Error(`could not copy ${from} into ${dir}`);
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Writes `content` at `relative` inside a scratch copy, creating folders. */
export function writeFileIn(dir: string, relative: string, content: string): void {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}
