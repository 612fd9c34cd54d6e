// @vitest-environment jsdom
// Gatsby's bundles are inserted after the first painted frame: the rewrite of the built page, and the loader
// in a browser, run both as the TypeScript module and as the script compiled into every page.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collectReferences } from "../../../scripts/lib/firstload";
import { loadBundlesAfterPaint } from "../../../src/gatsby/bundleLoader";
import { parseHtml } from "../../../src/data/parseHtml";
import {
  afterPaintProblems,
  LOADER_ID,
  loaderScript,
  loaderTag,
  MAX_WAIT_MS,
  PRESENT_WAIT_MS,
  scriptsAfterPaint,
} from "../../../src/gatsby/scriptsAfterPaint";

// esbuild cannot start inside jsdom: the loader comes compiled by the same function, run by vitest.config.ts.
vi.mock("../../../src/gatsby/inlineCode", async () => {
  const { inject } = await import("vitest");
  return {
    abFlagsScript: () => inject("inlineScripts").abFlags,
    bundleLoaderScript: () => inject("inlineScripts").bundleLoader,
  };
});

const BUNDLES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];

/** The end of a page as Gatsby 5 builds it (its scripts slice stitched in), abridged. */
const builtPage = (tags: string) =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><style>body{}</style><title>Home</title></head>' +
  '<body><div id="___gatsby"><main>Hello</main></div><!-- slice-start id="_gatsby-scripts-1" -->' +
  '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>' +
  '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>' +
  tags +
  '<!-- slice-end id="_gatsby-scripts-1" --></body></html>';
const gatsbyTags = BUNDLES.map((src) => `<script src="${src}" async></script>`).join("");

describe("scriptsAfterPaint", () => {
  it("replaces Gatsby's async bundle tags with one loader that names them, and adds nothing to the head", () => {
    const page = builtPage(gatsbyTags);
    const html = scriptsAfterPaint(page);
    expect(html.slice(0, html.indexOf("</head>"))).toBe(page.slice(0, page.indexOf("</head>")));
    const body = html.slice(html.indexOf("<body>"));
    expect(body).not.toMatch(/<script[^>]*\ssrc=/);
    // Gatsby's own inline data still comes first; the loader takes the bundles' place.
    expect(body.indexOf("gatsby-chunk-mapping")).toBeLessThan(body.indexOf(LOADER_ID));
    expect(body).toContain(`${loaderTag(BUNDLES)}<!-- slice-end`);
    expect(loaderTag(BUNDLES)).toContain(`data-bundles="${BUNDLES.join(" ")}"`);
    expect(scriptsAfterPaint(html)).toBe(html); // a second pass changes nothing
  });

  it("gives a page an earlier build rewrote the current loader (Gatsby keeps unchanged pages)", () => {
    const current = scriptsAfterPaint(builtPage(gatsbyTags));
    const earlier = current.replace(loaderScript(), "(function(){/* an older loader */})();");
    expect(earlier).not.toBe(current);
    expect(scriptsAfterPaint(earlier)).toBe(current);
  });

  it("leaves a page without Gatsby's async bundles as it was (the CMS admin, a module script)", () => {
    const admin = builtPage('<script src="/admin/cms.js" integrity="sha384-x"></script>');
    expect(scriptsAfterPaint(admin)).toBe(admin);
    const module = builtPage('<script type="module" src="/x.js" async></script>');
    expect(scriptsAfterPaint(module)).toBe(module);
  });

  it("is what the first-load benchmark reads: the bundles count as the page's JavaScript", () => {
    const refs = collectReferences(scriptsAfterPaint(builtPage(gatsbyTags)));
    expect(refs.js).toEqual(BUNDLES);
    expect(refs.inlineJs).toContain(loaderScript());
  });
});

describe("afterPaintProblems: the build fails loud when the rewrite did not happen", () => {
  const finish = (tags: string) => parseHtml(scriptsAfterPaint(builtPage(tags)));

  it("has nothing to say about a page whose bundles wait for the loader", () => {
    expect(afterPaintProblems(finish(gatsbyTags), BUNDLES)).toEqual([]);
  });

  it("names a bundle tag Gatsby wrote differently (here with defer), which the rewrite leaves in place", () => {
    const deferred = BUNDLES.map((src) => `<script src="${src}" defer></script>`).join("");
    const problems = afterPaintProblems(finish(deferred), BUNDLES);
    expect(problems).toEqual([
      ...BUNDLES.map(
        (src) =>
          `Gatsby's bundle tag <script src="${src}" defer> is still in the page after the after-paint rewrite (it only replaces <script src="…" async>)`,
      ),
      "expected one bundle loader (#gatsby-bundles-after-paint), found 0",
    ]);
  });

  it("names a loader that lists other bundles than this build's (a stale page)", () => {
    const problems = afterPaintProblems(finish(gatsbyTags), ["/app-9.js"]);
    expect(problems).toEqual([
      `the bundle loader names "${BUNDLES.join(" ")}", the build's bundles are "/app-9.js"`,
    ]);
  });
});

describe.each([
  ["as code (src/gatsby/bundleLoader.ts)", "module"],
  ["as compiled into the page", "compiled"],
] as const)("the loader in a browser, %s", (_label, mode) => {
  let frames: FrameRequestCallback[];
  let visibility: DocumentVisibilityState;
  let observers: Array<{
    callback: (list: { getEntries(): Array<{ startTime: number }> }) => void;
    connected: boolean;
  }>;

  const inserted = () =>
    [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"));
  /** The loader as the page runs it: its own element is document.currentScript. */
  const runLoader = () => {
    const template = document.createElement("template");
    template.innerHTML = loaderTag(BUNDLES);
    const element = template.content.firstElementChild as HTMLScriptElement;
    vi.spyOn(document, "currentScript", "get").mockReturnValue(element);
    if (mode === "module") loadBundlesAfterPaint(element);
    else new Function(element.text)();
  };
  const nextFrame = (start = performance.now()) => {
    for (const frame of frames.splice(0)) frame(start);
  };
  /** The browser reports a largest-contentful-paint entry presented at `startTime`. */
  const reportLargestPaint = (startTime: number) => {
    for (const observer of observers.filter((o) => o.connected))
      observer.callback({ getEntries: () => [{ startTime }] });
  };

  /** A browser that reports largest-contentful-paint entries (Chromium), or one that does not (Safari). */
  function stubObserver(supported: string[]) {
    class FakeObserver {
      static supportedEntryTypes = supported;
      private readonly entry: (typeof observers)[number];
      constructor(callback: (typeof observers)[number]["callback"]) {
        this.entry = { callback, connected: false };
        observers.push(this.entry);
      }
      observe(options: { type: string; buffered?: boolean }) {
        expect(options).toEqual({ type: "largest-contentful-paint", buffered: true });
        this.entry.connected = true;
      }
      disconnect() {
        this.entry.connected = false;
      }
    }
    vi.stubGlobal("PerformanceObserver", FakeObserver);
  }

  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = "";
    frames = [];
    observers = [];
    visibility = "visible";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    stubObserver(["paint", "largest-contentful-paint"]);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("waits for a largest paint presented after the next frame began, then inserts the bundles in order", () => {
    const frameStart = 1000; // F, the first frame drawn with the whole body, begins at 1000 ms
    runLoader();
    reportLargestPaint(980); // the header, drawn and presented before the parse ended
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual([]);
    nextFrame(frameStart);
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual([]); // drawn, not yet presented
    reportLargestPaint(frameStart - 1); // an earlier frame's paint, reported late
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual([]);
    reportLargestPaint(frameStart + 30); // F's largest paint on screen
    expect(inserted()).toEqual([]); // not inside the observer's callback
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual(BUNDLES);
    expect(
      [...document.querySelectorAll<HTMLScriptElement>("script[src]")].every((s) => s.async),
    ).toBe(true);
    expect(observers.every((o) => !o.connected)).toBe(true);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(inserted()).toEqual(BUNDLES); // once only
  });

  it("goes after the next frame when no later largest paint is reported (it was presented before)", () => {
    runLoader();
    vi.advanceTimersByTime(PRESENT_WAIT_MS * 2);
    expect(inserted()).toEqual([]); // the wait starts at the next frame
    nextFrame();
    vi.advanceTimersByTime(PRESENT_WAIT_MS - 1);
    expect(inserted()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(inserted()).toEqual(BUNDLES);
  });

  it("goes right after the next frame in a browser without largest-contentful-paint entries", () => {
    stubObserver(["paint"]);
    runLoader();
    expect(observers).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual([]);
    nextFrame();
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual(BUNDLES);
  });

  it("inserts them at once in a tab that is not being drawn", () => {
    visibility = "hidden";
    runLoader();
    expect(inserted()).toEqual(BUNDLES);
  });

  it("inserts them after the longest wait when no frame comes", () => {
    runLoader();
    vi.advanceTimersByTime(MAX_WAIT_MS - 1);
    expect(inserted()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(inserted()).toEqual(BUNDLES);
  });
});
