// A throwaway copy of the checkout for a host's CLI to build in: the CLIs write into the tree they run in
// (netlify-cli rewrites .gitignore and public/, `vercel build` writes .vercel/ and moves public/).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Scratch = { dir: string; remove(): void };

/** The files of the checkout as git sees them: tracked and untracked, never ignored ones. */
export function checkoutFiles(root: string): string[] {
  const out = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return out
    .toString("utf8")
    .split("\0")
    .filter((file) => file !== "" && fs.existsSync(path.join(root, file)));
}

/**
 * node_modules as hard links when the scratch folder is on the same disk (a second or two, no space),
 * else as a copy. Its `.cache` stays behind: the build in the scratch copy writes its own.
 */
function linkNodeModules(root: string, dir: string): void {
  const from = path.join(root, "node_modules");
  const to = path.join(dir, "node_modules");
  fs.mkdirSync(to);
  for (const entry of fs.readdirSync(from)) {
    if (entry === ".cache") continue;
    const linked = spawnSync("cp", ["-al", path.join(from, entry), to], { stdio: "ignore" });
    if (linked.status !== 0)
      fs.cpSync(path.join(from, entry), path.join(to, entry), {
        recursive: true,
        verbatimSymlinks: true,
      });
  }
}

/** Copies the checkout (with its installed node_modules) into a fresh folder under the system temp. */
export function makeScratch(root: string, label: string): Scratch {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `verify-${label}-`));
  for (const file of checkoutFiles(root)) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(path.join(root, file), target, { verbatimSymlinks: true });
  }
  linkNodeModules(root, dir);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
