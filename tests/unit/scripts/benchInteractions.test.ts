// @vitest-environment jsdom
// Tests the interaction benchmark's runner parts: what the page records, the medians and worst runs, the table,
// the interactions chosen, and CPU profiles and script positions mapped back to the sources.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  INP_BUDGET_MS,
  collectorScript,
  formatComparison,
  gateIdleCallbacks,
  idleGate,
  initScript,
  formatTable,
  readRun,
  summariseRuns,
  usualCulprit,
  verdict,
  type IdleGate,
  type PageRecord,
} from "../../../scripts/lib/inp.mjs";
import {
  FLOOR_PAGE,
  INTERACTIONS,
  REFERENCES,
  fingerTap,
  selectInteractions,
  tapPoint,
} from "../../../scripts/lib/interactions.mjs";
import { hotFunctions, mergeHot, selfTimes } from "../../../scripts/lib/cpuprofile.mjs";
import { SourceMaps, lineAndColumn, repoPath } from "../../../scripts/lib/sourcemaps.mjs";

let publicDir: string;
const ORIGIN = "http://127.0.0.1:9000";

beforeAll(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-maps-"));
  // Two lines of "built" code mapped to two functions of src/forms/Form.tsx and one of react-dom.
  fs.writeFileSync(
    path.join(publicDir, "app-0123456789abcdef.js"),
    "function a(){}\nfunction b(){}c()",
  );
  fs.writeFileSync(
    path.join(publicDir, "app-0123456789abcdef.js.map"),
    JSON.stringify({
      version: 3,
      sources: [
        "webpack://site/./src/forms/Form.tsx",
        "webpack://site/./node_modules/react-dom/cjs/react-dom.production.min.js",
      ],
      names: ["submit", "edited", "render"],
      // line 1 col 0 → Form.tsx:1 "submit"; line 2 col 0 → Form.tsx:2 "edited"; line 2 col 14 → react-dom:1 "render"
      mappings: "AAAAA;AACAC,cCDAC",
    }),
  );
});
afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

describe("what the page records", () => {
  it("keeps every INP report with its attribution, and every interaction the browser timed", () => {
    let report: ((metric: unknown) => void) | null = null;
    let observed: ((list: { getEntries(): unknown[] }) => void) | null = null;
    vi.stubGlobal(
      "PerformanceObserver",
      class {
        constructor(callback: (list: { getEntries(): unknown[] }) => void) {
          observed = callback;
        }
        observe() {}
      },
    );
    const options: unknown[] = [];
    collectorScript({
      onINP: (callback: (metric: unknown) => void, opts: unknown) => {
        report = callback;
        options.push(opts);
      },
    });
    expect(options).toEqual([{ reportAllChanges: true, durationThreshold: 0 }]);
    report!({
      value: 71.6,
      entries: [{ name: "pointerdown" }, { name: "click" }, { name: "click" }],
      attribution: {
        interactionTarget: "button.menu",
        interactionType: "pointer",
        inputDelay: 10.2,
        processingDuration: 40.4,
        presentationDelay: 21,
        totalScriptDuration: 38,
        longAnimationFrameEntries: [
          {
            scripts: [{ invoker: "BUTTON.onclick", sourceURL: `${ORIGIN}/app.js`, duration: 30.4 }],
          },
        ],
        longestScript: {
          entry: { invoker: "BUTTON.onclick", sourceURL: `${ORIGIN}/app.js`, duration: 30.4 },
          subpart: "processing-duration",
        },
      },
    });
    observed!({
      getEntries: () => [
        { interactionId: 7, name: "pointerdown", duration: 40 },
        { interactionId: 7, name: "click", duration: 72 },
        { interactionId: 0, name: "mousemove", duration: 300 },
      ],
    });
    const record = (globalThis as unknown as { __benchInp: PageRecord }).__benchInp;
    const run = readRun(record);
    expect(run.inp).toBe(72);
    expect(run.attribution).toMatchObject({
      target: "button.menu",
      events: ["pointerdown", "click"],
      inputDelay: 10,
      processingDuration: 40,
      longestScript: { invoker: "BUTTON.onclick", duration: 30, subpart: "processing-duration" },
    });
    expect(run.interactions).toEqual([{ type: "click", duration: 72 }]);
  });

  it("reads a page that reported nothing as no INP, never as 0 ms", () => {
    expect(readRun({ reports: [], interactions: {} }).inp).toBeNull();
    expect(readRun(undefined).inp).toBeNull();
  });
});

describe("web-vitals' idle work, held out of the interaction", () => {
  /** A browser's idle callbacks, run when the test says the browser is idle. */
  function fakeIdle() {
    const asked = new Map<number, { callback: (deadline: unknown) => void; options: unknown }>();
    const cancelled: number[] = [];
    let next = 100;
    vi.stubGlobal(
      "requestIdleCallback",
      (callback: (deadline: unknown) => void, options: unknown) => {
        asked.set(next, { callback, options });
        return next++;
      },
    );
    vi.stubGlobal("cancelIdleCallback", (id: number) => {
      cancelled.push(id);
      asked.delete(id);
    });
    const idle = () => {
      const due = [...asked.values()];
      asked.clear();
      for (const { callback } of due) callback({ timeRemaining: () => 10, didTimeout: false });
    };
    return { asked, cancelled, idle };
  }
  const gate = () => (globalThis as unknown as { __benchIdle: IdleGate }).__benchIdle;

  it("passes a callback to the browser when not holding, with web-vitals' options", () => {
    const browser = fakeIdle();
    idleGate();
    const ran: string[] = [];
    gate().request(() => ran.push("processed"), { timeout: 1000 });
    expect([...browser.asked.values()].map((a) => a.options)).toEqual([{ timeout: 1000 }]);
    browser.idle();
    expect(ran).toEqual(["processed"]);
  });

  it("asks the browser for nothing while holding, then for each held callback on release", () => {
    const browser = fakeIdle();
    idleGate();
    const ran: string[] = [];
    gate().hold();
    gate().request(() => ran.push("first"), { timeout: 1000 });
    gate().request(() => ran.push("second"), { timeout: 1000 });
    expect(browser.asked.size).toBe(0);
    browser.idle();
    expect(ran).toEqual([]);
    expect(gate().release()).toBe(2);
    expect(browser.asked.size).toBe(2);
    browser.idle();
    expect(ran).toEqual(["first", "second"]);
    // Released: the next one goes straight to the browser, and a second release has nothing to give.
    gate().request(() => ran.push("third"));
    expect(browser.asked.size).toBe(1);
    expect(gate().release()).toBe(0);
  });

  it("cancels a held callback before the browser sees it, and an asked one through the browser", () => {
    const browser = fakeIdle();
    idleGate();
    const ran: string[] = [];
    gate().hold();
    const held = gate().request(() => ran.push("held"));
    gate().cancel(held);
    expect(gate().release()).toBe(1);
    expect(browser.asked.size).toBe(0);
    const asked = gate().request(() => ran.push("asked"));
    gate().cancel(asked);
    expect(browser.cancelled).toEqual([100]);
    browser.idle();
    expect(ran).toEqual([]);
  });

  it("gates the idle callbacks of the web-vitals build the bench loads, and refuses a build it cannot gate", () => {
    const require = createRequire(import.meta.url);
    const dist = path.dirname(require.resolve("web-vitals/attribution"));
    const source = fs.readFileSync(path.join(dist, "web-vitals.attribution.iife.js"), "utf8");
    const gated = gateIdleCallbacks(source);
    expect(gated).not.toMatch(/globalThis\.(requestIdleCallback|cancelIdleCallback)/);
    expect(gated).toContain("globalThis.__benchIdle.request");
    expect(gated).toContain("globalThis.__benchIdle.cancel");
    expect(() => gateIdleCallbacks("var webVitals = {};")).toThrow(
      /names globalThis\.requestIdleCallback 0 times/,
    );
    const twice =
      "globalThis.requestIdleCallback; globalThis.requestIdleCallback; globalThis.cancelIdleCallback";
    expect(() => gateIdleCallbacks(twice)).toThrow(/2 times/);
  });

  it("runs a library's idle work through the gate once the init script is in the page", () => {
    const browser = fakeIdle();
    vi.stubGlobal(
      "PerformanceObserver",
      class {
        observe() {}
      },
    );
    // A stand-in for web-vitals: it processes in an idle callback, as the real one does.
    const library = `var webVitals = { onINP(report) {
      const ask = globalThis.requestIdleCallback || setTimeout, drop = globalThis.cancelIdleCallback || clearTimeout;
      globalThis.__processSoon = () => ask(() => report({ value: 40, entries: [], attribution: {} }), { timeout: 1000 });
      void drop;
    } };`;
    new Function(initScript(library))();
    gate().hold();
    (globalThis as unknown as { __processSoon: () => void }).__processSoon();
    browser.idle();
    const record = () => (globalThis as unknown as { __benchInp: PageRecord }).__benchInp;
    expect(record().reports).toEqual([]);
    expect(gate().release()).toBe(1);
    browser.idle();
    expect(record().reports.map((r) => r.value)).toEqual([40]);
  });
});

describe("medians, worst runs and the table", () => {
  const runs = (...values: Array<number | null>) => values.map((inp) => ({ inp }));

  it("takes the median, the mean and the worst of the measured runs", () => {
    expect(summariseRuns(runs(40, 24, 56, 32, 48))).toEqual({
      median: 40,
      mean: 40,
      worst: 56,
      runs: 5,
      missing: 0,
    });
    expect(summariseRuns(runs(40, 48))).toMatchObject({ median: 44, worst: 48 });
    // The mean, to a tenth: one 8 ms step in one run of nine moves it, where the median may not move.
    expect(summariseRuns(runs(64, 64, 64, 56, 56, 72, 56, 64, 64))).toMatchObject({
      median: 64,
      mean: 62.2,
    });
  });

  it("counts a run without a report as missing, and then calls the interaction not measured", () => {
    const summary = summariseRuns(runs(30, null, 20));
    expect(summary).toEqual({ median: 25, mean: 25, worst: 30, runs: 3, missing: 1 });
    expect(verdict(summary)).toBe("not measured");
    expect(verdict(summariseRuns(runs(null)))).toBe("not measured");
  });

  it("judges against the 50 ms budget: met only when the worst run is within it", () => {
    expect(INP_BUDGET_MS).toBe(50);
    expect(verdict(summariseRuns(runs(40, 50, 32)))).toBe("met");
    expect(verdict(summariseRuns(runs(40, 64, 32)))).toBe("median met, worst over");
    expect(verdict(summariseRuns(runs(56, 64, 72)))).toBe("over");
  });

  it("prints one row per interaction with each run", () => {
    const table = formatTable([
      {
        id: "phone-menu",
        viewport: "phone",
        summary: summariseRuns(runs(24, 32)),
        runs: runs(24, 32),
      },
      {
        id: "lead-submit",
        viewport: "phone",
        summary: summariseRuns(runs(88, null)),
        runs: runs(88, null),
      },
    ]);
    const [head, , first, second] = table.split("\n");
    expect(head).toMatch(/interaction\s+viewport\s+median\s+worst/);
    expect(first).toMatch(/^phone-menu\s+phone\s+28\s+32\s+24, 32\s+met$/);
    expect(second).toMatch(/^lead-submit\s+phone\s+88\s+88\s+88, –\s+not measured$/);
  });

  it("prints a reference tap without a budget verdict", () => {
    const table = formatTable([
      {
        id: "floor-no-script",
        viewport: "phone",
        reference: true,
        summary: summariseRuns(runs(72, 80)),
        runs: runs(72, 80),
      },
    ]);
    expect(table.split("\n")[2]).toMatch(
      /^floor-no-script\s+phone\s+76\s+80\s+72, 80\s+reference$/,
    );
  });

  it("prints two builds side by side: each one's median (mean) and its runs", () => {
    const table = formatComparison(
      [
        {
          id: "lead-submit",
          builds: [
            { summary: summariseRuns(runs(64, 72, 56)), runs: runs(64, 72, 56) },
            { summary: summariseRuns(runs(48, 56, null)), runs: runs(48, 56, null) },
          ],
        },
      ],
      ["before/", "public/"],
    );
    const [head, rule, row, legend] = table.split("\n");
    expect(head).toMatch(/^interaction\s+before\/\s+public\/$/);
    expect(rule).toMatch(/^─+$/);
    expect(row).toMatch(/^lead-submit\s+64 \(64\.0\)\s+64, 72, 56\s+52 \(52\.0\)\s+48, 56, –$/);
    // The second build's column starts where its name does.
    expect(row?.indexOf("52 (52.0)")).toBe(head?.indexOf("public/"));
    expect(legend).toBe("median (mean) in ms, then each run");
  });

  it("names the script most runs blamed", () => {
    const blamed = (origin: string | null) => ({
      inp: 60,
      attribution: origin ? ({ longestScript: { origin } } as never) : null,
    });
    expect(
      usualCulprit([blamed("a (src/a.ts:1)"), blamed("b (src/b.ts:2)"), blamed("b (src/b.ts:2)")]),
    ).toBe("b (src/b.ts:2)");
    expect(usualCulprit([blamed(null)])).toBeNull();
  });
});

describe("the interactions", () => {
  it("are the issue's six plus the demo's start, phone-sized where they are phone interactions", () => {
    expect(INTERACTIONS.map((i) => i.id)).toEqual([
      "phone-menu",
      "consent-accept",
      "header-menu",
      "type-email",
      "price-estimator",
      "lead-submit",
      "demo-start",
    ]);
    expect(INTERACTIONS.filter((i) => i.viewport === "desktop").map((i) => i.id)).toEqual([
      "header-menu",
    ]);
    // The banner and the demo's start button are what an EU visitor sees; the rest are US visitors (no banner).
    expect(INTERACTIONS.filter((i) => i.country === "DE").map((i) => i.id)).toEqual([
      "consent-accept",
      "demo-start",
    ]);
  });

  it("have reference taps: a page with no script, the site before consent, the site with the SDKs", () => {
    expect(REFERENCES.map((r) => [r.id, r.route, r.country, r.reference])).toEqual([
      ["floor-no-script", "/__bench/floor/", "DE", true],
      ["floor-site", "/", "DE", true],
      ["floor-site-sdk", "/", "US", true],
    ]);
    // Only the first is served by the bench itself, and it runs nothing: no script, no style, no handler.
    expect(REFERENCES.filter((r) => "page" in r).map((r) => r.id)).toEqual(["floor-no-script"]);
    document.documentElement.innerHTML = FLOOR_PAGE.replace(/^<!doctype html>/i, "");
    expect(document.querySelectorAll("script, style, link, [onclick]")).toHaveLength(0);
    expect(document.querySelector("main p")?.textContent).toMatch(/nothing handles/);
    // None of them counts as one of the budgeted interactions.
    expect(INTERACTIONS.some((i) => "reference" in i)).toBe(false);
  });

  it("can be narrowed, and an unknown name is refused with the known ones", () => {
    expect(selectInteractions("demo-start, phone-menu").map((i) => i.id)).toEqual([
      "phone-menu",
      "demo-start",
    ]);
    expect(selectInteractions(undefined)).toHaveLength(INTERACTIONS.length);
    expect(() => selectInteractions("phone-menu,nope")).toThrow(
      /unknown interaction nope; known: phone-menu/,
    );
    expect(
      selectInteractions("floor-site,phone-menu", [...INTERACTIONS, ...REFERENCES]).map(
        (i) => i.id,
      ),
    ).toEqual(["phone-menu", "floor-site"]);
  });
});

describe("a finger's tap", () => {
  it("lands at fractions of the element's box, in whole pixels, and only inside the viewport", () => {
    const box = { x: 10, y: 700, width: 300, height: 45 };
    const viewport = { width: 390, height: 844 };
    expect(tapPoint(box, viewport)).toEqual({ x: 160, y: 723, problem: null });
    expect(tapPoint(box, viewport, { x: 0.7, y: 0.5 })).toEqual({ x: 220, y: 723, problem: null });
    expect(tapPoint({ ...box, y: 900 }, viewport).problem).toMatch(/outside the 390×844 viewport/);
  });

  /** A page and a locator as far as fingerTap uses them, over a jsdom element. */
  function fakes(hit: () => Element | null) {
    document.body.innerHTML =
      '<main><button id="go"><span>Talk to sales</span></button><p>Other</p></main>';
    const button = document.getElementById("go")!;
    button.getBoundingClientRect = () => ({ x: 20, y: 100, width: 200, height: 44 }) as DOMRect;
    document.elementFromPoint = vi.fn(hit);
    const touchscreen = { tap: vi.fn(async () => {}) };
    const page = { evaluate: async <T>(fn: () => T) => fn(), touchscreen };
    const target = {
      evaluate: async <T, A>(fn: (element: Element, arg: A) => T, arg: A) => fn(button, arg),
      // Playwright's own tap would install its hit-target listeners in the page: never used.
      tap: vi.fn(),
    };
    return { page, target, touchscreen };
  }

  it("sends the touch at the element's centre once the point is checked to be on it, without Playwright's tap", async () => {
    const { page, target, touchscreen } = fakes(() => document.querySelector("#go span"));
    await fingerTap(page, target);
    expect(document.elementFromPoint).toHaveBeenCalledWith(120, 122);
    expect(touchscreen.tap).toHaveBeenCalledWith(120, 122);
    expect(target.tap).not.toHaveBeenCalled();
  });

  it("refuses a point covered by another element, or off the page, and sends no touch", async () => {
    const covered = fakes(() => document.querySelector("p"));
    await expect(fingerTap(covered.page, covered.target)).rejects.toThrow(
      "the tap missed: (120, 122) is on p",
    );
    expect(covered.touchscreen.tap).not.toHaveBeenCalled();
    const below = fakes(() => null);
    await expect(fingerTap(below.page, below.target, { x: 0.5, y: 20 })).rejects.toThrow(
      /outside the .* viewport/,
    );
    expect(below.touchscreen.tap).not.toHaveBeenCalled();
  });
});

describe("source maps", () => {
  it("names repository paths, and packages by their folder", () => {
    expect(repoPath("webpack://site/./src/forms/Form.tsx")).toBe("src/forms/Form.tsx");
    expect(repoPath("webpack://site/./node_modules/@amplitude/analytics-core/lib/esm/x.js")).toBe(
      "node_modules/@amplitude/analytics-core",
    );
    expect(repoPath("webpack://site/./node_modules/react-dom/cjs/x.js")).toBe(
      "node_modules/react-dom",
    );
    expect(repoPath(null)).toBeNull();
  });

  it("turns a character offset into a line and column", () => {
    expect(lineAndColumn("ab\ncd\nef", 0)).toEqual({ line: 1, column: 0 });
    expect(lineAndColumn("ab\ncd\nef", 4)).toEqual({ line: 2, column: 1 });
    expect(lineAndColumn("ab\ncd\nef", 6)).toEqual({ line: 3, column: 0 });
  });

  it("maps a built position back to its source, and says nothing for files it does not have", () => {
    const maps = new SourceMaps(publicDir);
    const url = `${ORIGIN}/app-0123456789abcdef.js`;
    expect(maps.position(url, 1, 0)).toEqual({
      source: "src/forms/Form.tsx",
      line: 1,
      name: "submit",
    });
    expect(maps.positionAtChar(url, 15)).toEqual({
      source: "src/forms/Form.tsx",
      line: 2,
      name: "edited",
    });
    expect(maps.positionAtChar(url, 29)).toEqual({
      source: "node_modules/react-dom",
      line: 1,
      name: "render",
    });
    expect(maps.position(`${ORIGIN}/missing.js`, 1, 0)).toBeNull();
    expect(maps.position(`${ORIGIN}/../../etc/passwd.js`, 1, 0)).toBeNull();
    expect(maps.describe(url, 2, 0)).toBe("edited (src/forms/Form.tsx:2)");
  });

  it("names a Long Animation Frame script by its source when it is one of the site's chunks", () => {
    const maps = new SourceMaps(publicDir);
    const url = `${ORIGIN}/app-0123456789abcdef.js`;
    expect(
      maps.scriptOrigin({ sourceURL: url, sourceCharPosition: 15, invoker: "BUTTON.onclick" }),
    ).toBe("edited (src/forms/Form.tsx:2)");
    expect(
      maps.scriptOrigin({
        sourceURL: `${ORIGIN}/missing.js`,
        sourceCharPosition: 3,
        sourceFunctionName: "go",
        invoker: "TimerHandler:setTimeout",
      }),
    ).toBe("go (TimerHandler:setTimeout)");
    expect(maps.scriptOrigin({ invoker: "Window.requestAnimationFrame" })).toBe(
      "Window.requestAnimationFrame (Window.requestAnimationFrame)",
    );
  });
});

describe("CPU profiles", () => {
  const url = `${ORIGIN}/app-0123456789abcdef.js`;
  const profile = {
    nodes: [
      { id: 1, callFrame: { functionName: "(root)", url: "", lineNumber: -1, columnNumber: -1 } },
      { id: 2, callFrame: { functionName: "a", url, lineNumber: 0, columnNumber: 0 } },
      { id: 3, callFrame: { functionName: "c", url, lineNumber: 1, columnNumber: 14 } },
      { id: 4, callFrame: { functionName: "(idle)", url: "", lineNumber: -1, columnNumber: -1 } },
      {
        id: 5,
        callFrame: { functionName: "getAttribute", url: "", lineNumber: -1, columnNumber: -1 },
      },
    ],
    // Each sample is charged the time until the next one (µs).
    samples: [2, 2, 3, 4, 5, 2],
    timeDeltas: [0, 1000, 1000, 2000, 500, 3000],
  };

  it("charges each sample the time until the next", () => {
    expect(selfTimes(profile)).toEqual(
      new Map([
        [2, 2],
        [3, 2],
        [4, 0.5],
        [5, 3],
      ]),
    );
  });

  it("lists the hottest source functions, packages by name, and leaves idle time out", () => {
    const hot = hotFunctions(profile, new SourceMaps(publicDir));
    expect(hot).toEqual([
      { where: "getAttribute (native)", ms: 3 },
      { where: "submit (src/forms/Form.tsx:1)", ms: 2 },
      { where: "render (node_modules/react-dom)", ms: 2 },
    ]);
    // Two runs: the average per run.
    expect(mergeHot([hot, [{ where: "getAttribute (native)", ms: 5 }]])[0]).toEqual({
      where: "getAttribute (native)",
      ms: 4,
    });
  });
});
