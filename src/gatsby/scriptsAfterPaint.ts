/**
 * Gatsby's bundles run after the first paint, not before it.
 *
 * Gatsby ends the body with `<script src async>` for its runtime, React and the app. An async script runs
 * as soon as it arrives, and when it arrives early (a fast network, a repeat visit served from cache, a
 * CDN close by) it runs before the browser has painted the page: the visitor then waits for React to
 * load and start before the server's HTML shows. Here one inline script inserts the same files once the
 * page's largest paint is on screen (see loaderScript), so neither their download nor their start
 * competes with it. The cost: on a first visit, hydration starts one request later (a repeat visit takes
 * them from the cache). Preloading them from the head was measured too and kept the hero's paint behind
 * React's download in Lighthouse's model (README, Performance). The page always hydrates: in a hidden
 * tab at once, in any case within MAX_WAIT_MS.
 *
 * Gatsby 5 writes those tags through its scripts slice, stitched into each page's HTML at the end of the
 * build, out of reach of gatsby-ssr; so onPostBuild rewrites the built pages (builtPages.ts), before their
 * security headers are computed, which hash the loader like every inline script.
 */

/** After the frame that follows the parse, how long to wait for its largest paint to be reported. */
export const PRESENT_WAIT_MS = 100;
/** Longest wait in any case (a tab hidden after the check, a browser that never draws). */
export const MAX_WAIT_MS = 1000;

/**
 * The inline loader (the same text on every page and in every build: its hash goes into the policy). It
 * reads the bundles from its own `data-bundles` and runs where the bundle tags were, once the parser has read
 * the whole body; so the next frame the browser draws (F) shows everything the server sent. A paint
 * counts for the visitor (and for Largest Contentful Paint) when it is presented, a frame or two after it
 * is drawn, so the bundles go in once a largest-contentful-paint entry presented at or after F's start is
 * reported. When none comes within PRESENT_WAIT_MS of F (F had nothing larger than what was already on
 * screen), or the browser reports no such entries (Safari), they go in after F; in a hidden tab at once;
 * in any case within MAX_WAIT_MS.
 */
export function loaderScript(): string {
  return (
    `(function(){var c=document.currentScript,s=((c&&c.getAttribute("data-bundles"))||"").split(" "),d=0,w=window,r=w.requestAnimationFrame,f=0,m=-1,o;` +
    'function go(){if(d)return;d=1;if(o)o.disconnect();for(var i=0;i<s.length;i++)if(s[i]){var e=document.createElement("script");' +
    "e.src=s[i];e.async=!0;document.body.appendChild(e)}}" +
    "function check(){if(f&&m>=f)setTimeout(go,0)}" +
    `if(document.visibilityState!=="visible"||!r)return go();setTimeout(go,${MAX_WAIT_MS});` +
    "var p=w.PerformanceObserver,k=(p&&p.supportedEntryTypes)||[];" +
    `if(k.indexOf("largest-contentful-paint")<0)return r(function(){setTimeout(go,0)});` +
    "o=new p(function(l){var e=l.getEntries();for(var i=0;i<e.length;i++)m=Math.max(m,e[i].startTime);check()});" +
    `o.observe({type:"largest-contentful-paint",buffered:!0});r(function(x){f=x;check();setTimeout(go,${PRESENT_WAIT_MS})})})();`
  );
}

/** Gatsby's bundle tags as its `_gatsby-scripts` slice writes them at the end of every page's body. */
const BUNDLE_TAG = /<script src="(\/[^"<>]+\.js)" async(?:="")?><\/script>/g;
export const LOADER_ID = "gatsby-bundles-after-paint";
/** The loader as this module writes it: the bundles in data-bundles, space-separated. */
const LOADER_TAG =
  /<script id="gatsby-bundles-after-paint" data-bundles="([^"<>]*)">[\s\S]*?<\/script>/;

/** The loader's tag for these bundles. */
export function loaderTag(sources: string[]): string {
  return `<script id="${LOADER_ID}" data-bundles="${sources.join(" ")}">${loaderScript()}</script>`;
}

/**
 * A page an earlier build rewrote, put back as Gatsby wrote it. Gatsby rebuilds only the pages whose
 * data changed and keeps the others, so a new loader must still reach them.
 */
function asGatsbyWroteIt(html: string): string {
  return html.replace(LOADER_TAG, (_tag, list: string) =>
    list
      .split(" ")
      .filter(Boolean)
      .map((src) => `<script src="${src}" async></script>`)
      .join(""),
  );
}

/**
 * A built page with Gatsby's async bundle tags replaced by the loader, where the first of them was.
 * Unchanged when the page has no such tags (the CMS admin).
 */
export function scriptsAfterPaint(built: string): string {
  const html = asGatsbyWroteIt(built);
  const sources = [...html.matchAll(BUNDLE_TAG)].map((match) => match[1] ?? "");
  if (sources.length === 0) return built;
  let placed = false;
  return html.replace(BUNDLE_TAG, () => {
    if (placed) return "";
    placed = true;
    return loaderTag(sources);
  });
}
