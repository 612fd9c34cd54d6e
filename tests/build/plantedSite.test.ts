// @vitest-environment node
// A real `gatsby build` of the site with hostile or unexpected things planted: a post whose raw HTML carries a
// script, an SVG script and a frame builds to a page with none of them; an inline script nobody in the build
// wrote fails the build, naming its page and its text; so does a page whose bundle tags Gatsby wrote in
// another form. Gatsby's real output (copied before the site's steps and that change) then goes through each
// of the site's steps: the after-paint rewrite, the CSP builder, the first-load benchmark's reader and the link
// check. Not a synthetic page: if Gatsby changes what it writes, these fail. One build of a small site serves every
// test (the admin's Subresource Integrity is checked on the real build, in tests/e2e/cms.spec.ts).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectReferences } from "../../scripts/lib/firstload";
import { htmlReferences } from "../../scripts/lib/links";
import { parseHtml } from "../../src/data/parseHtml";
import { entryBundles, finishPage } from "../../src/gatsby/builtPages";
import { LOADER_ID, loaderScript } from "../../src/gatsby/scriptsAfterPaint";
import { buildScripts } from "../../src/gatsby/securityHeaders";
import { inlineScripts } from "../../src/security/inlineScripts";
import { recogniseScript } from "../../src/security/knownScripts";
import { buildManifest } from "../../src/security/manifest";
import { policyOrigins } from "../../src/security/origins";
import {
  BUILD_TIME,
  CHANGED_TAG_PAGE,
  DRAFT_POST,
  FUTURE_POST,
  HIDDEN_POST,
  YESTERDAY_POST,
  PLANTED_POST_SLUG,
  PLANTED_SCRIPT,
  PLANTED_SCRIPT_PAGE,
  buildPlantedSite,
  type PlantedBuild,
} from "./support/plantedSite";

let build: PlantedBuild;
/** Gatsby's own output, copied before the site's steps ran. */
let output: string;
let bundles: string[];

beforeAll(async () => {
  build = await buildPlantedSite();
  output = path.join(build.dir, "gatsby-output");
  bundles = await entryBundles(output);
});

afterAll(() => {
  if (build?.code !== 0 && process.env.KEEP_PLANTED_SITE) return;
  build?.remove();
});

const read = (relative: string) =>
  fs.readFileSync(path.join(build.dir, "public", relative), "utf8");
const postPage = () => read(`blog/${PLANTED_POST_SLUG}/index.html`);

describe("a planted unknown inline script", () => {
  it("fails the build, naming the page and the script", () => {
    expect(build.code, build.output.slice(-3000)).not.toBe(0);
    expect(build.output).toMatch(
      new RegExp(
        `${PLANTED_SCRIPT_PAGE}: inline script the build did not write, .*plantedInlineScript`,
      ),
    );
    expect(build.output).toContain(PLANTED_SCRIPT.trim());
  });

  it("is, with the changed bundle tags, all the build stopped on: the planted post and the real pages passed", () => {
    const named = [...build.output.matchAll(/^(\/\S*): /gm)].map((m) => m[1]);
    expect([...new Set(named)].sort()).toEqual([CHANGED_TAG_PAGE, PLANTED_SCRIPT_PAGE].sort());
  });
});

describe("Gatsby's bundle tags written in another form (defer) on one page", () => {
  it("fail the build with a message naming the page", () => {
    expect(build.code).not.toBe(0);
    expect(build.output).toMatch(
      new RegExp(
        `^${CHANGED_TAG_PAGE}: Gatsby's bundle tag <script src="/app-[0-9a-f]+\\.js" defer> is still in the page after the after-paint rewrite`,
        "m",
      ),
    );
    expect(build.output).toContain(
      `${CHANGED_TAG_PAGE}: expected one bundle loader (#gatsby-bundles-after-paint), found 0`,
    );
  });
});

describe("a post with <script>, <svg><script> and <iframe> in its raw HTML", () => {
  it("builds to a page where none of them exists and nothing runs", () => {
    const html = postPage();
    // The planted code and addresses are nowhere in the page, so nothing of them can run or load.
    for (const planted of ["plantedScript", "plantedSvgScript", "evil.example", "alert("]) {
      expect(html).not.toContain(planted);
    }
    const elements = parseHtml(html);
    expect(
      elements.filter((el) => ["iframe", "object", "embed", "frame"].includes(el.name)),
    ).toEqual([]);
    for (const el of elements) {
      for (const [name, value] of Object.entries(el.attributes)) {
        expect(/^on/.test(name), `<${el.name} ${name}>`).toBe(false);
        expect(value.toLowerCase()).not.toContain("javascript:");
      }
    }
  });

  it("keeps every other inline script on that page one the build wrote, so the page needs no new hash", async () => {
    const known = await buildScripts(path.join(build.dir, "public"));
    const scripts = inlineScripts(postPage());
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(
        recogniseScript(script, `/blog/${PLANTED_POST_SLUG}/`, known),
        script.preview,
      ).not.toBeNull();
    }
  });

  it("keeps what a marketer legitimately wrote around them", () => {
    const html = postPage();
    const elements = parseHtml(html);
    const named = (name: string) => elements.filter((el) => el.name === name);
    expect(named("details")).toHaveLength(1);
    expect(html).toContain("<summary>Planted details</summary>");
    expect(html).toContain("<td>Pro</td>");
    const image = named("img").find((el) => el.attributes["alt"] === "planted image");
    expect(image?.attributes).toEqual({ src: "/favicon.svg", alt: "planted image" });
    expect(
      elements.some((el) => el.attributes["id"] === "a-heading-after-the-planted-markup"),
    ).toBe(true);
  });

  it("reaches neither the page data (client-side navigation) nor the RSS feed", () => {
    for (const text of [
      read(`page-data/blog/${PLANTED_POST_SLUG}/page-data.json`),
      read("rss.xml"),
    ]) {
      expect(text).toContain("Planted details");
      expect(text).not.toMatch(
        /<script|plantedScript|plantedSvgScript|evil\.example|onerror|javascript:/,
      );
    }
  });
});

describe("Markdown twins", () => {
  it("of the planted post hold none of its planted code, and keep its table, details and headings", () => {
    const twin = read(`blog/${PLANTED_POST_SLUG}/index.html.md`);
    for (const planted of [
      "plantedScript",
      "plantedSvgScript",
      "evil.example",
      "alert(",
      "javascript:",
      "onerror",
    ])
      expect(twin).not.toContain(planted);
    expect(twin).toMatch(/^# Planted: raw HTML in a post body\n/);
    expect(twin).toMatch(/\| Plan \| Price \|\n\| -+ \| -+ \|\n\| Pro \| 99 \|/);
    expect(twin).toContain("Planted details");
    expect(twin).toContain("## A heading after the planted markup");
  });

  it("exist for exactly the sitemap's pages: none for the hidden post, the draft or the scheduled post", () => {
    const xml = read("sitemap-0.xml");
    const listed = parseHtml(xml)
      .filter((el) => el.name === "loc")
      .map((el) => new URL(xml.slice(el.openEnd, el.end - "</loc>".length)).pathname)
      .sort();
    const twins = (fs.readdirSync(path.join(build.dir, "public"), { recursive: true }) as string[])
      .filter((file) => path.basename(file) === "index.html.md")
      .map((file) => `/${path.dirname(file)}/`.replace(/^\/\.\/$/, "/"))
      .sort();
    // The planted page of src/pages renders no head: the build names it, as it names a template that links none.
    expect(twins).toEqual(listed.filter((page) => page !== PLANTED_SCRIPT_PAGE));
    expect(build.output).toContain(
      `${PLANTED_SCRIPT_PAGE}: listed in the sitemap, but its head links no Markdown twin`,
    );
    expect(read(`blog/${HIDDEN_POST}/index.html`)).not.toContain('type="text/markdown"');
    for (const slug of [HIDDEN_POST, DRAFT_POST, FUTURE_POST.slug])
      expect(twins).not.toContain(`/blog/${slug}/`);
  });

  it("are listed in llms.txt with the newest published posts, and security.txt expires 30 days after the build", () => {
    const llms = read("llms.txt");
    expect(llms).toContain(`(https://fingerprint.com/blog/${YESTERDAY_POST.slug}/index.html.md)`);
    expect(llms).toContain("(https://fingerprint.com/pricing/index.html.md)");
    expect(llms).not.toContain(HIDDEN_POST);
    expect(read(".well-known/security.txt")).toContain("Expires: 2026-07-15T12:00:00Z");
  });
});

/** Every file under public/, as text (binary files too: a slug in them would still be a leak). */
function publicFiles(): Array<[string, string]> {
  const dir = path.join(build.dir, "public");
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .map((file) => [file, fs.readFileSync(path.join(dir, file), "latin1")]);
}

describe(`scheduled publishing, the build's clock at ${BUILD_TIME}`, () => {
  it("builds nothing of a post dated 30 days ahead: no file in public/ names its slug or title", () => {
    const files = publicFiles();
    expect(files.length).toBeGreaterThan(50);
    const naming = files
      .filter(([, text]) => text.includes(FUTURE_POST.slug) || text.includes(FUTURE_POST.title))
      .map(([file]) => file);
    expect(naming).toEqual([]);
  });

  it("publishes yesterday's post: its page, the blog list, its tag, the feed and the sitemap", () => {
    expect(read(`blog/${YESTERDAY_POST.slug}/index.html`)).toContain(YESTERDAY_POST.title);
    const href = `/blog/${YESTERDAY_POST.slug}/`;
    for (const page of ["blog/index.html", "blog/tag/tutorials/index.html"])
      expect(
        parseHtml(read(page)).some((el) => el.name === "a" && el.attributes["href"] === href),
        page,
      ).toBe(true);
    expect(read("rss.xml")).toContain(`${href}</link>`);
    expect(read("sitemap-0.xml")).toContain(`${href}</loc>`);
  });

  it("draws the published post its own social card, named by og:image", () => {
    const og = parseHtml(read(`blog/${YESTERDAY_POST.slug}/index.html`)).find(
      (el) => el.name === "meta" && el.attributes["property"] === "og:image",
    )?.attributes["content"];
    expect(og).toBe(`https://fingerprint.com/og/blog/${YESTERDAY_POST.slug}.png`);
    const png = fs.readFileSync(path.join(build.dir, "public", new URL(og ?? "").pathname));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("leaves the next due time, and only a time, for the schedule trigger", () => {
    expect(JSON.parse(read("schedule.json"))).toEqual({ nextBuildAt: "2026-07-15T14:00:00.000Z" });
  });
});

const raw = (page: string) =>
  fs.readFileSync(path.join(output, page.slice(1), "index.html"), "utf8");

describe("Gatsby's real output through the site's steps", () => {
  it("carries the entry bundles as <script src async> tags, which the rewrite expects", () => {
    const tags = parseHtml(raw("/pricing/")).filter(
      (el) => el.name === "script" && bundles.includes(el.attributes["src"] ?? ""),
    );
    expect(tags.map((el) => el.attributes["src"])).toEqual(bundles);
    for (const el of tags) expect(el.attributes).toEqual({ src: el.attributes["src"], async: "" });
  });

  it("the after-paint rewrite leaves one loader naming exactly the build's bundles, and no bundle tag", () => {
    const { html, problems } = finishPage(raw("/pricing/"), { bundles });
    expect(problems).toEqual([]);
    const elements = parseHtml(html);
    const loader = elements.filter((el) => el.attributes["id"] === LOADER_ID);
    expect(loader).toHaveLength(1);
    expect(loader[0]?.attributes["data-bundles"]).toBe(bundles.join(" "));
    expect(loader[0]?.text).toBe(loaderScript());
    expect(elements.some((el) => bundles.includes(el.attributes["src"] ?? ""))).toBe(false);
  });

  it("the CSP builder knows every inline script of the finished pages and hashes each one", async () => {
    const known = await buildScripts(output);
    const pages = ["/", "/pricing/", "/blog/", "/demo/"].map((page) => ({
      path: page,
      html: finishPage(raw(page), { bundles }).html,
    }));
    const { manifest, problems } = buildManifest(pages, {
      origins: policyOrigins({}),
      cmsLocalBackend: null,
      knownScripts: known,
    });
    expect(problems).toEqual([]);
    for (const page of pages) {
      for (const script of inlineScripts(page.html)) {
        expect(manifest.pages[page.path]).toContain(script.hash);
      }
    }
  });

  it("the first-load benchmark and the link check see the bundles the loader inserts", () => {
    const { html } = finishPage(raw("/pricing/"), { bundles });
    expect(collectReferences(html).js).toEqual(expect.arrayContaining(bundles));
    expect(htmlReferences(html)).toEqual(expect.arrayContaining(bundles));
  });
});
