/**
 * Gatsby's bundles run after the first paint, not before it.
 *
 * Gatsby ends the body with `<script src async>` for its runtime, React and the app. An async script runs
 * as soon as it arrives, and when it arrives early (a fast network, a repeat visit served from cache, a
 * CDN close by) it runs before the browser has painted the page: the visitor then waits for React to
 * load and start before the server's HTML shows. Here one inline script inserts the same files once the
 * page's largest paint is on screen (src/runtime/bundleLoader.ts), so neither their download nor their
 * start competes with it. The cost: on a first visit, hydration starts one request later (a repeat visit
 * takes them from the cache). Preloading them from the head was measured too and kept the hero's paint
 * behind React's download in Lighthouse's model (docs/performance.md). The page always hydrates: in a
 * hidden tab at once, in any case within the loader's MAX_WAIT_MS.
 *
 * Gatsby 5 writes those tags through its scripts slice, stitched into each page's HTML at the end of the
 * build, out of reach of gatsby-ssr; so onPostBuild rewrites the built pages (builtPages.ts), before their
 * security headers are computed, which hash the loader like every inline script. The rewrite depends on the
 * exact tags Gatsby writes, so afterPaintProblems() fails the build when a page still carries one of the
 * bundles as a tag, or lacks the loader, instead of shipping pages that quietly start React early.
 */
import { parseHtml, spliceRanges, type HtmlElement } from "../data/parseHtml";
import { bundleLoaderScript } from "./inlineCode";

export const LOADER_ID = "gatsby-bundles-after-paint";

/** The loader's text, the same on every page and in every build of the same sources. */
export function loaderScript(): string {
  return bundleLoaderScript();
}

/** The loader's tag for these bundles: their paths in `data-bundles`, space-separated, in order. */
export function loaderTag(sources: readonly string[]): string {
  return `<script id="${LOADER_ID}" data-bundles="${sources.join(" ")}">${loaderScript()}</script>`;
}

/** Gatsby's bundle tag as its `_gatsby-scripts` slice writes it: `<script src="/….js" async></script>`. */
function isBundleTag(el: HtmlElement): boolean {
  if (el.name !== "script") return false;
  const names = Object.keys(el.attributes).sort();
  const src = el.attributes["src"] ?? "";
  return (
    names.join(" ") === "async src" &&
    el.attributes["async"] === "" &&
    src.startsWith("/") &&
    src.endsWith(".js") &&
    el.text === "" &&
    el.end > el.openEnd
  );
}

const isLoader = (el: HtmlElement) => el.name === "script" && el.attributes["id"] === LOADER_ID;

/** The bundles a loader or a bundle tag stands for. */
function sourcesOf(el: HtmlElement): string[] {
  if (!isLoader(el)) return [el.attributes["src"] ?? ""];
  return (el.attributes["data-bundles"] ?? "").split(" ").filter(Boolean);
}

/**
 * A built page with Gatsby's async bundle tags replaced by the loader, where the first of them was, and the
 * finished page's elements (those of `built`, the tags replaced by the loader; offsets refer to `built`).
 * A loader an earlier build wrote (Gatsby keeps unchanged pages) is written again from its own list, so a
 * new loader reaches every page. Unchanged when the page has neither (the CMS admin).
 */
export function rewriteForPaint(
  built: string,
  elements: readonly HtmlElement[],
): { html: string; elements: readonly HtmlElement[] } {
  const slots = elements.filter((el) => isBundleTag(el) || isLoader(el));
  const [first] = slots;
  if (!first) return { html: built, elements };
  const sources = slots.flatMap(sourcesOf);
  const loader: HtmlElement = {
    name: "script",
    attributes: { id: LOADER_ID, "data-bundles": sources.join(" ") },
    start: first.start,
    openEnd: first.start,
    end: first.start,
    text: loaderScript(),
    ancestors: first.ancestors,
  };
  return {
    html: spliceRanges(
      built,
      slots.map((el) => ({
        start: el.start,
        end: el.end,
        insert: el === first ? loaderTag(sources) : "",
      })),
    ),
    elements: elements.flatMap((el) => (el === first ? [loader] : slots.includes(el) ? [] : [el])),
  };
}

/** The page with its bundles behind the loader (see rewriteForPaint). */
export function scriptsAfterPaint(built: string, elements = parseHtml(built)): string {
  return rewriteForPaint(built, elements).html;
}

/**
 * Why a finished Gatsby page would still start its bundles before the first paint, or not at all: one of
 * `bundles` (the build's own, from webpack.stats.json) still as a script tag, no loader or more than one, or
 * a loader that names other bundles. Empty when the page is as it should be.
 */
export function afterPaintProblems(
  elements: readonly HtmlElement[],
  bundles: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const el of elements) {
    if (el.name === "script" && bundles.includes(el.attributes["src"] ?? "")) {
      const attributes = Object.entries(el.attributes).map(([n, v]) => (v ? `${n}="${v}"` : n));
      problems.push(
        `Gatsby's bundle tag <script ${attributes.join(" ")}> is still in the page after the after-paint rewrite (it only replaces <script src="…" async>)`,
      );
    }
  }
  const loaders = elements.filter(isLoader);
  if (loaders.length !== 1) {
    problems.push(`expected one bundle loader (#${LOADER_ID}), found ${loaders.length}`);
  } else {
    const named = sourcesOf(loaders[0]!).join(" ");
    if (named !== bundles.join(" ")) {
      problems.push(
        `the bundle loader names "${named}", the build's bundles are "${bundles.join(" ")}"`,
      );
    }
  }
  return problems;
}
