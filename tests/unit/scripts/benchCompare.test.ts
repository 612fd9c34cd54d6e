// Tests the interaction benchmark's comparison of two builds: saving the fakes build in public/ (with the fakes'
// port it was built for) to a folder of its own, reading it back, and the report of one build and of two.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakesBuild, saveFakesBuild, savedFakesBuild } from "../../../scripts/lib/benchsite.mjs";
import { BUILD_STAMP } from "../../../scripts/lib/freshness.mjs";
import {
  formatAboveFloors,
  formatReport,
  harnessNote,
  idleNote,
  interactionResults,
  matchingFloor,
} from "../../../scripts/lib/interactionreport.mjs";
import { INTERACTIONS, REFERENCES } from "../../../scripts/lib/interactions.mjs";

let root: string;
let elsewhere: string;

/** A repository whose public/ holds a build for the fakes (or for the real services) and its record. */
function fakeRepository(purpose: "test" | "site", fakesPort: number | null = 41234) {
  fs.mkdirSync(path.join(root, "public", "page-data"), { recursive: true });
  fs.writeFileSync(path.join(root, "public", "index.html"), "<h1>built</h1>");
  fs.writeFileSync(path.join(root, "public", "page-data", "app-data.json"), "{}");
  fs.writeFileSync(path.join(root, "public", BUILD_STAMP), `1\n${purpose}\n`);
  fs.mkdirSync(path.join(root, "tests", "artifacts"), { recursive: true });
  if (fakesPort !== null)
    fs.writeFileSync(
      path.join(root, "tests", "artifacts", "e2e-build.json"),
      JSON.stringify({ fakesPort }),
    );
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "bench-repo-"));
  elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "bench-saved-"));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(elsewhere, { recursive: true, force: true });
});

describe("a saved build", () => {
  it("is public/ copied with the fakes' port it was built for, and is read back from where it was saved", () => {
    fakeRepository("test", 41234);
    const dir = path.join(elsewhere, "before");
    expect(saveFakesBuild(root, dir)).toEqual({});
    expect(savedFakesBuild(dir)).toEqual({ publicDir: path.join(dir, "public"), fakesPort: 41234 });
    expect(fs.readFileSync(path.join(dir, "public", "page-data", "app-data.json"), "utf8")).toBe(
      "{}",
    );
    // A later build in public/ leaves the saved one as it was.
    fs.writeFileSync(path.join(root, "public", "index.html"), "<h1>rebuilt</h1>");
    expect(fs.readFileSync(path.join(dir, "public", "index.html"), "utf8")).toBe("<h1>built</h1>");
  });

  it("replaces what an earlier save left in the folder", () => {
    fakeRepository("test");
    const dir = path.join(elsewhere, "before");
    fs.mkdirSync(path.join(dir, "public"), { recursive: true });
    fs.writeFileSync(path.join(dir, "public", "stale.js"), "old");
    expect(saveFakesBuild(root, dir)).toEqual({});
    expect(fs.existsSync(path.join(dir, "public", "stale.js"))).toBe(false);
  });

  it("is refused when public/ was not built for the fakes, has no record, or the folder is the repository's own", () => {
    fakeRepository("site");
    expect(saveFakesBuild(root, path.join(elsewhere, "x")).problem).toMatch(
      /not a build made for the fakes/,
    );
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(root);
    fakeRepository("test", null);
    expect(fakesBuild(root).problem).toMatch(/e2e-build\.json does not name the fakes' port/);
    fakeRepository("test");
    for (const dir of [
      root,
      path.join(root, "public"),
      path.join(root, "public", "old"),
      path.dirname(root),
    ])
      expect(saveFakesBuild(root, dir).problem).toMatch(/choose a folder of its own/);
    expect(fs.existsSync(path.join(root, "public", "index.html"))).toBe(true);
    // A folder whose name is the start of the repository's is not the repository.
    const shorter = root.slice(0, -1);
    expect(saveFakesBuild(root, shorter)).toEqual({});
    fs.rmSync(shorter, { recursive: true, force: true });
  });

  it("read from a folder that holds none says so", () => {
    expect(savedFakesBuild(path.join(elsewhere, "nothing")).problem).toMatch(/has no build/);
    fs.mkdirSync(path.join(elsewhere, "half", "public"), { recursive: true });
    fs.writeFileSync(path.join(elsewhere, "half", "public", "index.html"), "");
    fs.writeFileSync(path.join(elsewhere, "half", "public", BUILD_STAMP), "1\ntest\n");
    expect(savedFakesBuild(path.join(elsewhere, "half")).problem).toMatch(
      /fakes-build\.json does not name the fakes' port/,
    );
  });
});

describe("the report", () => {
  const chosen = ["lead-submit", "phone-menu"].map((id) => {
    const found = INTERACTIONS.find((i) => i.id === id);
    if (!found) throw new Error(`no interaction ${id}`);
    return found;
  });
  const run = (inp: number | null) => ({ inp });

  it("summarises each interaction's runs and keeps what it is", () => {
    const [lead, menu] = interactionResults(chosen, [
      [run(64), run(56), run(72)],
      [run(48), run(40), run(48)],
    ]);
    expect(lead).toMatchObject({
      id: "lead-submit",
      viewport: "phone",
      country: "US",
      reference: false,
      summary: { median: 64, mean: 64, worst: 72 },
      hot: null,
    });
    expect(lead?.runs).toHaveLength(3);
    expect(menu?.summary).toMatchObject({ median: 48, mean: 45.3 });
    const [floor] = interactionResults(REFERENCES.slice(0, 1), [[run(24)]]);
    expect(floor?.reference).toBe(true);
  });

  it("of one build is its table; of two, each table and then both side by side, the saved build first", () => {
    const one = interactionResults(chosen, [[run(64)], [run(48)]]);
    const single = formatReport([{ name: "public/", results: one }], 50);
    expect(single).toMatch(/^interaction\s+viewport\s+median/);
    expect(single).not.toMatch(/median \(mean\)/);
    expect(single).toMatch(/lead-submit: Submit the contact-sales form/);

    const other = interactionResults(chosen, [[run(56)], [run(40)]]);
    const both = formatReport(
      [
        { name: "before/", results: other },
        { name: "public/", results: one },
      ],
      50,
    ).split("\n");
    const comparison = both.findIndex((line) => /^interaction\s+before\/\s+public\/$/.test(line));
    expect(comparison).toBeGreaterThan(0);
    expect(both.indexOf("before/")).toBeLessThan(both.indexOf("public/"));
    expect(both[comparison + 2]).toMatch(/^lead-submit\s+56 \(56\.0\)\s+56\s+64 \(64\.0\)\s+64$/);
    expect(both[comparison + 3]).toMatch(/^phone-menu\s+40 \(40\.0\)\s+40\s+48 \(48\.0\)\s+48$/);
  });

  it("reads each tap against the floor of its visitor (with the SDKs for a US one, before consent for an EU one), and keys against none", () => {
    const byId = (id: string) => [...INTERACTIONS, ...REFERENCES].find((i) => i.id === id)!;
    expect(matchingFloor(byId("lead-submit"))).toBe("floor-site-sdk");
    expect(matchingFloor(byId("consent-accept"))).toBe("floor-site");
    expect(matchingFloor(byId("demo-start"))).toBe("floor-site");
    // Keys pass through none of a tap's events: no floor of a tap says anything about them.
    expect(matchingFloor(byId("header-menu"))).toBeNull();
    expect(matchingFloor(byId("type-email"))).toBeNull();
    const chosenWithFloors = ["floor-site", "floor-site-sdk", "lead-submit", "consent-accept"].map(
      byId,
    );
    const results = interactionResults(chosenWithFloors, [
      [run(24), run(32), run(24)],
      [run(40), run(40), run(32)],
      [run(64), run(72), run(56)],
      [run(32), run(40), run(24)],
    ]);
    const lines = formatAboveFloors(results)!.split("\n");
    expect(lines[0]).toMatch(/^Taps above the matching floor/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\s+lead-submit\s+\+24 ms over floor-site-sdk \(40\)$/);
    expect(lines[2]).toMatch(/^\s+consent-accept\s+\+8 ms over floor-site \(24\)$/);
    expect(formatReport([{ name: "public/", results }], 50)).toContain(lines[1]);
    // Without the floors there is nothing to read against, and the report says nothing of it.
    const alone = interactionResults([byId("lead-submit")], [[run(64)]]);
    expect(formatAboveFloors(alone)).toBeNull();
    expect(formatReport([{ name: "public/", results: alone }], 50)).not.toMatch(/matching floor/);
  });
});

describe("the line on Playwright's listeners", () => {
  it("says how many were removed before each tap, and names runs where none was found", () => {
    expect(harnessNote([{ harnessListeners: 24 }, { harnessListeners: 24 }])).toMatch(
      /removed from the page before each tap \(24 per page;/,
    );
    expect(harnessNote([{ harnessListeners: 12 }, { harnessListeners: 24 }])).toMatch(
      /\(12–24 per page;/,
    );
    const partly = harnessNote([{ harnessListeners: 24 }, { harnessListeners: 0 }]);
    expect(partly).toMatch(/In 1 of 2 runs none was found to remove/);
    expect(harnessNote([{ harnessListeners: 0 }])).toMatch(
      /^In 1 of 1 runs none was found to remove: .* those taps include them\.$/,
    );
  });

  it("says they stayed when kept, and says nothing of runs that failed before the tap", () => {
    expect(harnessNote([{ harnessListeners: null }])).toMatch(/stayed in the page during each tap/);
    expect(harnessNote([{}, { harnessListeners: 24 }])).toMatch(/\(24 per page;/);
    expect(harnessNote([{}])).toMatch(/no run got as far as the tap/);
  });
});

describe("the line on web-vitals' idle work", () => {
  it("says how many idle callbacks waited for the interactions' frames, in how many runs", () => {
    expect(idleNote([{ heldIdle: 3 }, { heldIdle: 0 }, { heldIdle: 2 }])).toMatch(
      /waited until each interaction's frame was drawn: 5 idle callback\(s\) held in 2 of 3 runs/,
    );
  });

  it("says they ran inside the interactions when not held, and says nothing of runs that failed before", () => {
    expect(idleNote([{ heldIdle: null }])).toMatch(
      /inside the interactions too \(--keep-harness-idle\)/,
    );
    expect(idleNote([{}, { heldIdle: 1 }])).toMatch(/1 idle callback\(s\) held in 1 of 1 runs/);
    expect(idleNote([{}])).toMatch(/no run got as far as the interaction/);
  });
});
