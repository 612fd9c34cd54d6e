// The repository stands alone: no source, test, script or root config names a path outside the clone.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { outsideReads } from "./support/outsideReads";

const ROOT = path.resolve(__dirname, "../../..");
const FOLDERS = ["src", "tests", "scripts", "api", "functions"];
const CODE = /\.(?:[cm]?[jt]sx?)$/;
const ROOT_CONFIG = /\.(?:[cm]?[jt]sx?|json|toml|ya?ml)$|^\.[a-z]+rc$/;

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "artifacts" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

function projectFiles(): string[] {
  const files = FOLDERS.flatMap((folder) => walk(path.join(ROOT, folder), []));
  const rootFiles = readdirSync(ROOT)
    .filter((name) => ROOT_CONFIG.test(name) && name !== "package-lock.json")
    .map((name) => path.join(ROOT, name))
    .filter((file) => statSync(file).isFile());
  return [...files, ...rootFiles];
}

describe("the repository stands alone", () => {
  it("reads nothing outside the clone from src/, tests/, scripts/, the entry points or root configs", () => {
    const files = projectFiles();
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const kind = CODE.test(file) ? "code" : "text";
      return outsideReads(path.relative(ROOT, file), text, ROOT, kind).map(
        (finding) => `${path.relative(ROOT, file)}: ${finding}`,
      );
    });
    expect(findings).toEqual([]);
    // Parsing every file takes a second alone and far longer on a busy 2-core machine: not a timing test.
  }, 120_000);
});

// Planted sources prove the check can fail; the paths are assembled so this file names none itself.
const UP = "..";
const SIBLING = `${UP}/shared/routes.txt`;

describe("outsideReads", () => {
  const check = (file: string, source: string, kind: "code" | "text" = "code") =>
    outsideReads(file, source, "/repo", kind);

  it("finds a read relative to the working folder that leaves the clone", () => {
    const source = `import fs from "node:fs";\nfs.readFileSync(path.resolve("${SIBLING}"), "utf8");\n`;
    expect(check("tests/unit/a.test.ts", source)).toEqual([`"${SIBLING}" leaves the repository`]);
  });

  it("finds a path relative to the file's own folder that climbs out", () => {
    const source = `const list = path.join(__dirname, "${UP}/${UP}/${UP}/${UP}/shared");\n`;
    expect(check("tests/unit/a.test.ts", source)).toHaveLength(1);
    const viaUrl = `const list = new URL("${UP}/${UP}/elsewhere.txt", import.meta.url);\n`;
    expect(check("scripts/x.mjs", viaUrl)).toHaveLength(1);
  });

  it("finds an import from outside and an absolute path into another checkout", () => {
    expect(check("src/a.ts", `import x from "${UP}/${UP}/outside/x";\n`)).toHaveLength(1);
    expect(check("src/a.ts", `const spec = "/${"work"}/shared/SPEC.md";\n`)).toHaveLength(1);
    expect(check("netlify.toml", `command = "cat ${SIBLING}"\n`, "text")).toHaveLength(1);
  });

  it("accepts imports and folder climbs that stay inside the clone", () => {
    const source = [
      `import { routes } from "${UP}/${UP}/${UP}/src/config/routes";`,
      `const root = path.resolve(__dirname, "${UP}/${UP}/${UP}");`,
      `const other = path.resolve(import.meta.dirname, "${UP}");`,
      `const chromium = "/usr/bin/chromium";`,
      `const page = "/pricing/";`,
    ].join("\n");
    expect(check("tests/unit/config/a.test.ts", source)).toEqual([]);
  });
});
