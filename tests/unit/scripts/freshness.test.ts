// Tests when npm start / npm test reinstall dependencies and rebuild the site, on temporary trees with set mtimes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buildStatus,
  builtAt,
  installStatus,
  markInstalled,
  newestMtime,
  writeBuildStamp,
  buildPurpose,
} from "../../../scripts/lib/freshness.mjs";

let root: string;
const T0 = new Date("2025-01-01T00:00:00Z").getTime();

/** Writes a file (creating folders) and sets its mtime to T0 + offset seconds. */
function file(rel: string, offsetSeconds: number, content = "x"): void {
  const abs = path.join(root, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, content);
  touch(rel, offsetSeconds);
}

function touch(rel: string, offsetSeconds: number): void {
  const when = new Date(T0 + offsetSeconds * 1000);
  fs.utimesSync(path.join(root, rel), when, when);
}

/** Sets every directory's mtime to T0 so only the files decide. */
function settleDirs(dir = root): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) settleDirs(path.join(dir, entry.name));
  }
  fs.utimesSync(dir, new Date(T0), new Date(T0));
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "freshness-"));
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("installStatus", () => {
  it("installs with npm ci when node_modules is missing", () => {
    file("package.json", 0);
    file("package-lock.json", 0);
    expect(installStatus(root)).toMatchObject({ needed: true, command: ["npm", "ci"] });
    expect(installStatus(root).reason).toMatch(/node_modules is missing/);
  });

  it("falls back to npm install when there is no lockfile", () => {
    file("package.json", 0);
    expect(installStatus(root)).toMatchObject({ needed: true, command: ["npm", "install"] });
  });

  it("reinstalls when node_modules has no record of an install", () => {
    file("package-lock.json", 0);
    fs.mkdirSync(path.join(root, "node_modules"));
    expect(installStatus(root).needed).toBe(true);
  });

  it("reinstalls when package-lock.json is newer than the last install", () => {
    file("package-lock.json", 20);
    file("node_modules/.package-lock.json", 10);
    const status = installStatus(root);
    expect(status.needed).toBe(true);
    expect(status.reason).toMatch(/package-lock.json is newer/);
  });

  it("does nothing when the last install is newer than package-lock.json", () => {
    file("package-lock.json", 10);
    file("node_modules/.package-lock.json", 20);
    expect(installStatus(root).needed).toBe(false);
  });

  it("compares against package.json when there is no lockfile", () => {
    file("package.json", 30);
    file("node_modules/.package-lock.json", 20);
    expect(installStatus(root)).toMatchObject({ needed: true, command: ["npm", "install"] });
    touch("node_modules/.package-lock.json", 40);
    expect(installStatus(root).needed).toBe(false);
  });

  it("markInstalled makes a just-written lockfile count as installed", () => {
    file("package-lock.json", 10);
    file("node_modules/.package-lock.json", 5);
    markInstalled(root, new Date(T0 + 60_000));
    expect(installStatus(root).needed).toBe(false);
  });
});

describe("newestMtime", () => {
  it("finds the newest file in nested folders and skips ignored paths and node_modules", () => {
    file("src/a.ts", 10);
    file("src/deep/b.tsx", 30);
    file("src/gatsby-types.d.ts", 99);
    file("src/node_modules/x.js", 98);
    settleDirs();
    const newest = newestMtime(root, ["src"], ["src/gatsby-types.d.ts"]);
    expect(newest.path).toBe(path.join(root, "src/deep/b.tsx"));
    expect(newest.mtimeMs).toBe(T0 + 30_000);
  });

  it("returns null for paths that do not exist", () => {
    expect(newestMtime(root, ["nope", "missing.txt"])).toEqual({ mtimeMs: null, path: null });
  });

  it("notices a deleted file through its folder's mtime", () => {
    file("content/post.md", 10);
    settleDirs();
    fs.rmSync(path.join(root, "content/post.md"));
    // The folder's mtime is now "now", far after T0.
    expect(newestMtime(root, ["content"]).path).toBe(path.join(root, "content"));
  });
});

describe("buildStatus", () => {
  function project(): void {
    file("package-lock.json", 0);
    file("gatsby-config.ts", 0);
    file("gatsby-node.ts", 0);
    file("src/pages/index.tsx", 0);
    file("content/home.md", 0);
    file("static/robots.txt", 0);
  }

  it("builds when public/ has no build", () => {
    project();
    settleDirs();
    expect(buildStatus(root)).toMatchObject({ needed: true });
    expect(buildStatus(root).reason).toMatch(/no build/);
  });

  it("does not build when the build is newer than every source", () => {
    project();
    file("public/index.html", 50);
    settleDirs();
    expect(buildStatus(root).needed).toBe(false);
  });

  it.each([
    ["src/pages/index.tsx"],
    ["content/home.md"],
    ["static/robots.txt"],
    ["gatsby-config.ts"],
    ["gatsby-node.ts"],
    ["package-lock.json"],
  ])("rebuilds when %s changed after the build", (changed) => {
    project();
    file("public/index.html", 50);
    settleDirs();
    touch(changed, 60);
    const status = buildStatus(root);
    expect(status.needed).toBe(true);
    expect(status.reason).toContain(changed);
  });

  it("watches gatsby-browser.tsx and gatsby-ssr.tsx too", () => {
    project();
    file("gatsby-browser.tsx", 0);
    file("gatsby-ssr.tsx", 0);
    file("public/index.html", 50);
    settleDirs();
    touch("gatsby-ssr.tsx", 60);
    expect(buildStatus(root).reason).toContain("gatsby-ssr.tsx");
  });

  it("ignores files that do not feed the build", () => {
    project();
    file("public/index.html", 50);
    file("src/gatsby-types.d.ts", 70); // written by Gatsby itself
    file("src/server/http/app.ts", 70); // run from source by tsx
    file("README.md", 70);
    file("tests/unit/x.test.ts", 70);
    settleDirs();
    expect(buildStatus(root).needed).toBe(false);
  });

  it("prefers the build stamp over index.html", () => {
    project();
    file("public/index.html", 100); // written before a build step that then failed
    file("public/.build-stamp", 40); // the last successful build
    file("src/pages/index.tsx", 60);
    settleDirs();
    expect(builtAt(root)).toEqual({ mtimeMs: T0 + 40_000, from: ".build-stamp" });
    expect(buildStatus(root).needed).toBe(true);
  });

  it("writeBuildStamp marks the build as fresh", () => {
    project();
    file("public/index.html", 10);
    file("src/pages/index.tsx", 60);
    settleDirs();
    expect(buildStatus(root).needed).toBe(true);
    writeBuildStamp(root, "public", new Date(T0 + 70_000));
    expect(buildStatus(root).needed).toBe(false);
    expect(fs.readFileSync(path.join(root, "public/.build-stamp"), "utf8")).toMatch(/^2025-01-01T/);
  });
});

describe("builds made for the browser tests", () => {
  it("are rebuilt by npm start even when newer than the sources", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "fresh-test-build-"));
    fs.mkdirSync(path.join(root, "src"), { recursive: true });
    fs.mkdirSync(path.join(root, "public"), { recursive: true });
    fs.writeFileSync(path.join(root, "src", "a.ts"), "x");
    fs.writeFileSync(path.join(root, "public", "index.html"), "<html></html>");
    const later = new Date(Date.now() + 60_000);
    writeBuildStamp(root, "public", later, "test");
    expect(buildPurpose(root)).toBe("test");
    expect(buildStatus(root)).toMatchObject({ needed: true });
    writeBuildStamp(root, "public", later);
    expect(buildPurpose(root)).toBe("site");
    expect(buildStatus(root).needed).toBe(false);
  });
});
