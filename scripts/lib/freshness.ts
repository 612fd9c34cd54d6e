// Whether public/ is a usable build of the current sources: what `npm start` and `npm run verify:hosts` ask
// before building again. A build stamp records when the last build finished and what it was made for.
import fs from "node:fs";
import path from "node:path";

export const BUILD_STAMP = ".build-stamp";

/** What the build reads: the sources, content, static files, the lockfile and the root gatsby-* files. */
const SOURCES = ["src", "content", "static", "package-lock.json"];
/** Written by Gatsby itself during every build, or run from source at serve time. */
const IGNORED = new Set(["src/gatsby-types.d.ts", "src/server"]);

function newest(root: string, relative: string): { mtime: number; file: string } {
  const file = path.join(root, relative);
  if (IGNORED.has(relative) || !fs.existsSync(file)) return { mtime: 0, file };
  const stats = fs.statSync(file);
  let best = { mtime: stats.mtimeMs, file };
  if (stats.isDirectory())
    for (const name of fs.readdirSync(file)) {
      const found = newest(root, `${relative}/${name}`);
      if (found.mtime > best.mtime) best = found;
    }
  return best;
}

/** "site" for a build to serve, "test" for one with the fakes' addresses baked in (npm start rebuilds it). */
export type BuildPurpose = "site" | "test";

export function writeBuildStamp(root: string, purpose: BuildPurpose): void {
  fs.writeFileSync(
    path.join(root, "public", BUILD_STAMP),
    `${new Date().toISOString()}\n${purpose}\n`,
  );
}

/** Why public/ must be built again for `purpose`, or null when it is current. */
export function staleBuild(root: string, purpose: BuildPurpose): string | null {
  const stamp = path.join(root, "public", BUILD_STAMP);
  if (!fs.existsSync(stamp)) return "public/ has no finished build";
  const [, madeFor] = fs.readFileSync(stamp, "utf8").split("\n");
  if (madeFor !== purpose)
    return purpose === "site"
      ? "public/ was built for the tests (the fakes' addresses are in it)"
      : "public/ was not built for the tests";
  const built = fs.statSync(stamp).mtimeMs;
  const roots = [...SOURCES, ...fs.readdirSync(root).filter((n) => /^gatsby-.+\.tsx?$/.test(n))];
  for (const relative of roots) {
    const found = newest(root, relative);
    if (found.mtime > built) return `${path.relative(root, found.file)} is newer than the build`;
  }
  return null;
}
