// @vitest-environment node
// The link check over a built site: a fixture with planted broken links (a page, an srcset candidate, a CSS
// background) fails it, and the script `npm test` runs exits 1 naming them.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  brokenLinks,
  cssReferences,
  htmlReferences,
  underPrefix,
} from "../../../scripts/lib/links";

const root = path.resolve(__dirname, "../../..");
const fixture = path.join(root, "tests/fixtures/links-site");

describe("brokenLinks", () => {
  it("finds exactly the planted broken references and nothing external, inert or function-served", () => {
    const { checked, broken } = brokenLinks(fixture, ["/api/", "/risk"]);
    expect(broken).toEqual([
      { from: "/about/index.html", url: "/blog/no-such-post/" },
      { from: "/about/index.html", url: "/risk-review/" },
      { from: "/index.html", url: "/static/logo-2x.svg" },
      { from: "/styles.css", url: "/static/missing-hero.webp" },
    ]);
    expect(checked).toBeGreaterThanOrEqual(9);
  });

  it("leaves out a function's path and what is below it, a whole segment at a time", () => {
    expect(underPrefix("/risk", ["/risk"])).toBe(true);
    expect(underPrefix("/risk/", ["/risk"])).toBe(true);
    expect(underPrefix("/fp/events/abc123", ["/fp/events"])).toBe(true);
    expect(underPrefix("/api/anything/", ["/api/"])).toBe(true);
    expect(underPrefix("/risk-assessment/", ["/risk"])).toBe(false);
    expect(underPrefix("/fp", ["/fp/events"])).toBe(false);
  });

  it("reads srcset candidates and CSS urls, and no URL-looking text inside scripts", () => {
    expect(htmlReferences('<img srcset="/a.png 1x, /b.png 2x"><script>x="/c/"</script>')).toEqual([
      "/a.png",
      "/b.png",
    ]);
    // The bundle loader's list (src/gatsby/scriptsAfterPaint.ts): each bundle is checked.
    expect(
      htmlReferences(
        '<script id="l" data-bundles="/runtime-1.js /app-2.js">var s="/not-a-link/"</script>',
      ),
    ).toEqual(["/runtime-1.js", "/app-2.js"]);
    expect(cssReferences("a{background:url('/x.png')} b{mask:url(y.svg)}")).toEqual([
      "/x.png",
      "y.svg",
    ]);
  });
});

describe("scripts/check-links.ts", () => {
  it("fails on the fixture, naming each broken link", () => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/check-links.ts", fixture],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    expect(result.status).toBe(1);
    // The functions' own paths (the routers' table) are left out: /api/hubspot/ and /risk/ are not broken, a
    // page that only starts with "/risk" is checked.
    expect(result.stderr).toContain("4 broken");
    expect(result.stderr).toContain("/about/index.html → /blog/no-such-post/");
    expect(result.stderr).toContain("/about/index.html → /risk-review/");
    expect(result.stderr).not.toContain("/api/hubspot/");
    expect(result.stderr).not.toContain("→ /risk/");
  });
});
