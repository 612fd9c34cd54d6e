// @vitest-environment jsdom
// A real `gatsby build` of the site with hostile things planted: a post whose raw HTML carries a script, an SVG
// script and a frame builds to a page with none of them, and an inline script nobody in the build wrote fails
// the build, naming its page and its text.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildScripts } from "../../src/gatsby/securityHeaders";
import { inlineScripts } from "../../src/security/inlineScripts";
import { recogniseScript } from "../../src/security/knownScripts";
import {
  PLANTED_POST_SLUG,
  PLANTED_SCRIPT,
  PLANTED_SCRIPT_PAGE,
  buildPlantedSite,
  type PlantedBuild,
} from "./support/plantedSite";

let build: PlantedBuild;

beforeAll(async () => {
  build = await buildPlantedSite();
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

  it("is the only thing the build stopped on: the planted post and the real pages passed", () => {
    const named = [...build.output.matchAll(/^(\/\S*): /gm)].map((m) => m[1]);
    expect([...new Set(named)]).toEqual([PLANTED_SCRIPT_PAGE]);
  });
});

describe("a post with <script>, <svg><script> and <iframe> in its raw HTML", () => {
  it("builds to a page where none of them exists and nothing runs", () => {
    const html = postPage();
    const doc = new DOMParser().parseFromString(html, "text/html");
    const body = doc.querySelector("h1")?.closest("main") ?? doc.body;
    expect(doc.querySelectorAll("iframe, object, embed, frame").length).toBe(0);
    expect(body.querySelectorAll("script, style, svg script").length).toBe(0);
    for (const el of doc.querySelectorAll("*")) {
      for (const attr of el.attributes) {
        expect(attr.name.startsWith("on"), `${el.localName} ${attr.name}`).toBe(false);
        expect(attr.value.toLowerCase()).not.toContain("javascript:");
      }
    }
    expect(html).not.toContain("plantedScript");
    expect(html).not.toContain("plantedSvgScript");
    expect(html).not.toContain("evil.example");
  });

  it("keeps every other inline script on that page one the build wrote, so the page needs no new hash", async () => {
    const known = await buildScripts(path.join(build.dir, "public"));
    const scripts = inlineScripts(postPage());
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(
        recogniseScript(script, `/blog/${PLANTED_POST_SLUG}/`, known),
        script.body,
      ).not.toBeNull();
    }
  });

  it("keeps what a marketer legitimately wrote around them", () => {
    const doc = new DOMParser().parseFromString(postPage(), "text/html");
    expect(doc.querySelector("details summary")?.textContent).toBe("Planted details");
    expect(doc.querySelector("table td")?.textContent).toBe("Pro");
    expect(doc.querySelector('img[alt="planted image"]')?.getAttribute("src")).toBe("/favicon.svg");
    expect(doc.querySelector("#a-heading-after-the-planted-markup")).not.toBeNull();
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
