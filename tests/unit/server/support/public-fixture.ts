// Builds a small stand-in for Gatsby's public/ folder in the temp directory, for server tests.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";

export type PublicFixture = {
  /** The fixture's public/ directory. */
  publicDir: string;
  /** Its parent, which also holds a file that must never be served. */
  root: string;
  files: Readonly<Record<string, string>>;
  cleanup(): Promise<void>;
};

/** Large and repetitive, like a real bundle, so compression clearly kicks in. */
const BUNDLE = Array.from(
  { length: 400 },
  (_, i) => `export function chunk${i}(value) { return value * ${i} + "fingerprint-${i % 7}"; }\n`,
).join("");

const CSS = Array.from(
  { length: 80 },
  (_, i) => `.block-${i} { margin: ${i}px; padding: ${i % 5}px; }\n`,
).join("");

/** The eight-byte PNG signature is all a content-type test needs. */
const PNG = "\x89PNG\r\n\x1a\n";

export const FIXTURE_FILES: Readonly<Record<string, string>> = {
  "index.html": "<!doctype html><title>Home</title><h1>Home page</h1>",
  "404.html": "<!doctype html><title>Not found</title><h1>Page not found</h1>",
  "500/index.html": "<!doctype html><title>Error</title><h1>Something went wrong</h1>",
  "about-us/index.html": "<!doctype html><title>About</title><h1>About us</h1>",
  "careers/jobs/apply/index.html": "<!doctype html><title>Apply</title><h1>Apply</h1>",
  "app-abc123def456.js": BUNDLE,
  "page-data/index/page-data.json": JSON.stringify({
    path: "/",
    componentChunkName: "component---index",
    result: {},
  }),
  "page-data/app-data.json": JSON.stringify({ webpackCompilationHash: "abc123" }),
  "styles.css": CSS,
  "sw.js": "self.addEventListener('fetch', () => {});",
  "robots.txt": "User-agent: *\nAllow: /\n",
  "admin/config.yml": "backend:\n  name: git-gateway\n",
  "icon.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
  "font.woff2": "wOF2",
};

export async function createPublicFixture(): Promise<PublicFixture> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "server-fixture-"));
  const publicDir = path.join(root, "public");
  for (const [name, content] of Object.entries(FIXTURE_FILES)) {
    const file = path.join(publicDir, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
  const png = path.join(publicDir, "static/abc/img.png");
  await fs.mkdir(path.dirname(png), { recursive: true });
  await fs.writeFile(png, Buffer.from(PNG, "binary"));
  await fs.writeFile(path.join(root, "package.json"), '{"secret":"outside the build"}');
  // A symlink that leads out of the build must not be followed.
  await fs.symlink(path.join(root, "package.json"), path.join(publicDir, "leak.json"));
  return {
    publicDir,
    root,
    files: FIXTURE_FILES,
    cleanup: () => fs.rm(root, { recursive: true, force: true }),
  };
}
