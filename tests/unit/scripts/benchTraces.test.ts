// Tests the Lighthouse benchmark's trace readers: scripts fetched after the first paint and why, long tasks and the
// code that ran in them (the SDKs' start-up), the per-profile targets and the JS budget's count.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asyncSteps,
  chunkName,
  lateScripts,
  reasonFor,
  type Initiator,
} from "../../../scripts/lib/latechunks.mjs";
import {
  attributeTask,
  cpuSamples,
  isSdkSource,
  longTasks,
  sdkClassifier,
} from "../../../scripts/lib/tracetasks.mjs";
import { mainThread, summariseTrace, type TraceEvent } from "../../../scripts/lib/tracesummary.mjs";
import {
  PROFILES,
  TARGETS,
  lateChunkTable,
  scriptBrotliBytes,
  targetsFor,
} from "../../../scripts/lib/lighthouse-report.mjs";
import { SourceMaps } from "../../../scripts/lib/sourcemaps.mjs";

const ORIGIN = "http://127.0.0.1:9000";
const DOC = `${ORIGIN}/`;
let publicDir: string;
let maps: SourceMaps;

beforeAll(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-traces-"));
  // Line 1 → src/components/Footer.tsx:16; line 2 → the Amplitude SDK; line 3 → react-dom.
  fs.writeFileSync(path.join(publicDir, "app-0123456789abcdef.js"), "a()\nb()\nc()");
  fs.writeFileSync(
    path.join(publicDir, "app-0123456789abcdef.js.map"),
    JSON.stringify({
      version: 3,
      sources: [
        "webpack://site/./src/components/Footer.tsx",
        "webpack://site/./node_modules/@amplitude/analytics-core/lib/esm/core-client.js",
        "webpack://site/./node_modules/react-dom/cjs/react-dom.production.min.js",
        "webpack://site/webpack/runtime/load script",
      ],
      names: [],
      mappings: "AAeA;ACAA;ACAA",
    }),
  );
  maps = new SourceMaps(publicDir);
});
afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

const APP = `${ORIGIN}/app-0123456789abcdef.js`;
const frame = (line: number) => ({
  url: APP,
  lineNumber: line - 1,
  columnNumber: 0,
  functionName: "f",
});

describe("why a script loaded", () => {
  it("names the site's frames that asked for it, and what started the chain", () => {
    const initiator: Initiator = {
      type: "script",
      stack: {
        callFrames: [frame(3)],
        parent: {
          description: "Promise.then",
          callFrames: [frame(1)],
          parent: { description: "requestIdleCallback", callFrames: [frame(3)] },
        },
      },
    };
    expect(asyncSteps(initiator)).toEqual(["requestIdleCallback", "Promise.then"]);
    expect(reasonFor(initiator, maps, DOC)).toBe(
      "src/components/Footer.tsx:16 (when the browser is idle)",
    );
  });

  it("says so for the HTML's own tags and the bundle loader inlined in the page", () => {
    expect(reasonFor({ type: "parser" }, maps, DOC)).toBe("the HTML (a script tag)");
    expect(
      reasonFor(
        { type: "script", stack: { callFrames: [{ url: DOC, lineNumber: 3, columnNumber: 9 }] } },
        maps,
        DOC,
      ),
    ).toBe("the bundle loader in the HTML (after the largest paint)");
  });

  it("falls back to package frames when no frame is the site's", () => {
    const initiator = { type: "script", stack: { callFrames: [frame(2)] } };
    expect(reasonFor(initiator, maps, DOC)).toBe("node_modules/@amplitude/analytics-core:16");
  });

  it("lists the same-origin scripts requested after the first paint, with sizes, in order", () => {
    const request = (url: string, ts: number, type = "Script") => ({
      method: "Network.requestWillBeSent",
      params: {
        type,
        timestamp: ts,
        request: { url },
        initiator: { type: "script", stack: { callFrames: [frame(1)] } },
      },
    });
    const late = lateScripts(
      [
        request(`${ORIGIN}/early.js`, 1.0),
        request(`${ORIGIN}/newsletter-signup-0123456789abcdef0123.js`, 1.9),
        request(`${ORIGIN}/phone-menu-panel-0123456789abcdef0123.js`, 1.6),
        request("http://elsewhere.test/tracker.js", 1.7),
        request(`${ORIGIN}/page-data/index/page-data.json`, 1.8, "Fetch"),
      ],
      {
        paintTs: 1.5e6,
        origin: ORIGIN,
        documentUrl: DOC,
        maps,
        sizeOf: (p) => (p.includes("phone") ? 1126 : null),
      },
    );
    expect(late).toEqual([
      {
        path: "/phone-menu-panel-0123456789abcdef0123.js",
        afterPaintMs: 100,
        brotli: 1126,
        reason: "src/components/Footer.tsx:16",
      },
      {
        path: "/newsletter-signup-0123456789abcdef0123.js",
        afterPaintMs: 400,
        brotli: null,
        reason: "src/components/Footer.tsx:16",
      },
    ]);
    expect(chunkName(late[0]!.path)).toBe("phone-menu-panel");
    expect(chunkName("/985e535faf69ef27fd7f-32729d899a40a33043c9.js")).toBe("985e535faf69ef27fd7f");
  });
});

/** A renderer's main thread with two tasks and CPU samples: one in the SDK, one in React. */
function trace(): TraceEvent[] {
  const meta = (pid: number, tid: number, name: string) =>
    ({ name: "thread_name", ph: "M", pid, tid, ts: 0, args: { name } }) as TraceEvent;
  const x = (name: string, ts: number, dur: number, args = {}) =>
    ({ name, ph: "X", pid: 1, tid: 2, ts, dur, args }) as TraceEvent;
  return [
    meta(1, 2, "CrRendererMain"),
    meta(3, 4, "CrRendererMain"),
    x("RunTask", 1000, 20_000),
    x("UpdateLayoutTree", 1500, 4000, { elementCount: 166 }),
    x("Layout", 6000, 3000),
    x("RunTask", 30_000, 5_000),
    x("RunTask", 40_000, 15_000),
    {
      name: "Profile",
      ph: "P",
      pid: 1,
      tid: 2,
      id: "0x1",
      ts: 0,
      args: { data: { startTime: 1000 } },
    },
    {
      name: "ProfileChunk",
      ph: "P",
      pid: 1,
      tid: 2,
      id: "0x1",
      ts: 0,
      args: {
        data: {
          cpuProfile: {
            nodes: [
              {
                id: 1,
                callFrame: { functionName: "(root)", url: "", lineNumber: -1, columnNumber: -1 },
              },
              { id: 2, parent: 1, callFrame: { ...frame(2), functionName: "init" } },
              { id: 3, parent: 2, callFrame: { ...frame(3), functionName: "render" } },
              { id: 4, parent: 1, callFrame: { ...frame(3), functionName: "render" } },
            ],
            samples: [3, 3, 2, 4, 4, 4],
          },
          // Samples at 2000, 4000, 6000 µs (in the first task), then 41 000, 43 000, 45 000 (in the third).
          timeDeltas: [1000, 2000, 2000, 35_000, 2000, 2000],
        },
      },
    },
  ];
}

describe("long tasks and what ran in them", () => {
  it("finds the page's main thread and the tasks that block at 4x", () => {
    expect(mainThread(trace())).toEqual({ pid: 1, tid: 2 });
    expect(longTasks(trace())).toEqual([
      { ts: 1000, dur: 20_000, ms: 80 },
      { ts: 40_000, dur: 15_000, ms: 60 },
    ]);
    expect(longTasks(trace(), { afterTs: 2000 })).toEqual([{ ts: 40_000, dur: 15_000, ms: 60 }]);
  });

  it("reads the CPU samples with their stacks, innermost first", () => {
    const samples = cpuSamples(trace());
    expect(samples.map((s) => s.ts)).toEqual([2000, 4000, 6000, 41_000, 43_000, 45_000]);
    expect(samples[0]!.frames.map((f) => f.functionName)).toEqual(["render", "init", "(root)"]);
  });

  it("attributes a task to the SDKs' start-up when the SDK is on the stacks", () => {
    const samples = cpuSamples(trace());
    const [sdkTask, reactTask] = longTasks(trace());
    const sdk = attributeTask(sdkTask!, samples, maps, isSdkSource);
    expect(sdk.sdkShare).toBe(1);
    expect(sdk.top).toEqual([
      { where: "node_modules/react-dom", share: 2 / 3 },
      { where: "node_modules/@amplitude/analytics-core", share: 1 / 3 },
    ]);
    expect(attributeTask(reactTask!, samples, maps, isSdkSource).sdkShare).toBe(0);
  });

  it("counts the site's own start-up code with the SDKs, and nothing else", () => {
    expect(isSdkSource("node_modules/@fingerprintjs/fingerprintjs-pro-react")).toBe(true);
    expect(isSdkSource("src/providers/analytics/startAnalytics.ts")).toBe(true);
    expect(isSdkSource("src/providers/consent/ConsentProvider.tsx")).toBe(false);
    expect(isSdkSource("node_modules/react-dom")).toBe(false);
    // A dependency of the SDK counts while it runs from the SDK's chunk, not elsewhere.
    const isSdk = sdkClassifier(new Set(["/start-analytics-0123456789abcdef0123.js"]));
    expect(
      isSdk("node_modules/zen-observable", `${ORIGIN}/start-analytics-0123456789abcdef0123.js`),
    ).toBe(true);
    expect(isSdk("node_modules/zen-observable", APP)).toBe(false);
  });

  it("sums style, layout and paint, with the largest style recalculation", () => {
    const summary = summariseTrace(trace());
    expect(summary.rows).toEqual([
      { name: "UpdateLayoutTree", ms: 4, count: 1 },
      { name: "Layout", ms: 3, count: 1 },
    ]);
    expect(summary.styleElements).toBe(166);
  });

  it("counts the lazy compilation of functions on their first call", () => {
    const compile = {
      name: "V8.CompileCode",
      ph: "X",
      pid: 1,
      tid: 2,
      ts: 31_000,
      dur: 2500,
      args: {},
    } as TraceEvent;
    expect(summariseTrace([...trace(), compile]).rows).toContainEqual({
      name: "V8.CompileCode",
      ms: 2.5,
      count: 1,
    });
  });
});

describe("profiles, targets and the JS count", () => {
  it("has the default visitor and the consented one, whose TBT budget is 100 ms and whose bytes are not budgeted", () => {
    expect(PROFILES.default!.country).toBeNull();
    expect(PROFILES.consented!.country).toBe("US");
    expect(targetsFor("default")).toBe(TARGETS);
    expect(TARGETS.jsBytes).toBe(100 * 1024);
    expect(targetsFor("consented")).toMatchObject({
      perf: 98,
      lcpMs: 1000,
      tbtMs: 100,
      jsBytes: Infinity,
    });
  });

  it("counts the brotli size of the site's scripts Lighthouse saw, not the headers around them", () => {
    const lhr = {
      audits: {
        "network-requests": {
          details: {
            items: [
              { url: `${ORIGIN}/app.js`, resourceType: "Script", transferSize: 44_000 },
              { url: `${ORIGIN}/gone.js`, resourceType: "Script", transferSize: 900 },
              { url: `${ORIGIN}/page-data/app-data.json`, resourceType: "XHR", transferSize: 700 },
              { url: "http://elsewhere.test/x.js", resourceType: "Script", transferSize: 5000 },
            ],
          },
        },
      },
    };
    expect(scriptBrotliBytes(lhr, ORIGIN, (p) => (p === "/app.js" ? 42_000 : null))).toBe(42_900);
  });

  it("prints each route's late chunks once, with the runs they came in and the median per run", () => {
    const late = (path: string, afterPaintMs: number) => ({
      path,
      afterPaintMs,
      brotli: 1024,
      reason: "why",
    });
    const table = lateChunkTable("/", [
      { late: [late("/a-0123456789abcdef0123.js", 100), late("/b-0123456789abcdef0123.js", 300)] },
      { late: [late("/a-0123456789abcdef0123.js", 200)] },
      { late: [] },
    ]);
    expect(table.split("\n")).toEqual([
      "  /",
      "      1.0 KiB  +  150 ms  2/3  a: why",
      "      1.0 KiB  +  300 ms  1/3  b: why",
      "      1.0 KiB after the first paint (median per run)",
    ]);
  });
});
