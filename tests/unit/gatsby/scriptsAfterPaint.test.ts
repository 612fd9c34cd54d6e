// @vitest-environment jsdom
// Gatsby's bundles are inserted after the first painted frame: the rewrite of the built page (the loader
// itself, in a browser, is tests/unit/runtime/bundleLoader.test.ts).
import { describe, expect, it, vi } from "vitest";
import { collectReferences } from "../../../scripts/lib/firstload";
import { parseHtml } from "../../../src/data/parseHtml";
import {
  afterPaintProblems,
  LOADER_ID,
  loaderScript,
  loaderTag,
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
