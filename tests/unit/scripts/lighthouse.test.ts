// Tests the Lighthouse benchmark's parts: the routes it picks, the figures it reads, medians, the build served precompressed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blockingTasks,
  keyRoutes,
  median,
  summarise,
} from "../../../scripts/lib/lighthouse-report.mjs";
import { serveBuild } from "../../../scripts/lib/servebuild.mjs";
import { precompressDir } from "../../../src/gatsby/precompress";

let dir: string;
const page = (route: string, html = `<!doctype html><title>${route}</title>`) => {
  const file = path.join(dir, route, "index.html");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lh-public-"));
  for (const route of [
    "",
    "pricing",
    "demo",
    "products/acme-pro",
    "products/bot-detection",
    "e-commerce",
    "github",
    "blog/b-post",
    "blog/a-post",
    "blog/tag/guides",
    "blog/2",
  ])
    page(route);
  fs.writeFileSync(path.join(dir, "app-0123456789abcdef0123.js"), "console.log(1);".repeat(200));
  fs.mkdirSync(path.join(dir, "admin"));
  fs.writeFileSync(path.join(dir, "admin", "cms.js"), "x");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("keyRoutes", () => {
  it("finds the eight routes, the product page by its -pro name and the first blog post", () => {
    expect(keyRoutes(dir)).toEqual([
      "/",
      "/pricing/",
      "/demo/",
      "/products/acme-pro/",
      "/products/bot-detection/",
      "/e-commerce/",
      "/github/",
      "/blog/a-post/",
    ]);
  });

  it("leaves out what the build does not have", () => {
    fs.rmSync(path.join(dir, "github"), { recursive: true });
    expect(keyRoutes(dir)).not.toContain("/github/");
    page("github");
  });
});

const lhr = (perf: number, lcp: number, tbt: number, js: number) => ({
  lighthouseVersion: "12.8.2",
  categories: {
    performance: { score: perf },
    accessibility: { score: 1 },
    "best-practices": {
      score: 0.96,
      auditRefs: [
        { id: "errors-in-console", weight: 1 },
        { id: "inspector-issues", weight: 1 },
        { id: "js-libraries", weight: 0 },
      ],
    },
    seo: { score: 1 },
  },
  audits: {
    "largest-contentful-paint": { numericValue: lcp },
    "first-contentful-paint": { numericValue: lcp - 100 },
    "total-blocking-time": { numericValue: tbt },
    "cumulative-layout-shift": { numericValue: 0 },
    "errors-in-console": { score: 0 },
    "inspector-issues": { score: 1 },
    "js-libraries": { score: 0 },
    "resource-summary": {
      details: {
        items: [
          { resourceType: "total", transferSize: js * 3 },
          { resourceType: "script", transferSize: js },
        ],
      },
    },
    "largest-contentful-paint-element": {
      details: {
        items: [
          { items: [{ node: { selector: "main > section > p" } }] },
          {
            items: [
              { phase: "TTFB", timing: 120.4 },
              { phase: "Render Delay", timing: 300 },
            ],
          },
        ],
      },
    },
  },
});

describe("summarise and median", () => {
  it("reads scores as 0–100, metrics in ms, script bytes and the LCP element", () => {
    const sample = summarise(lhr(0.97, 1234, 90, 98_000));
    expect(sample).toMatchObject({
      version: "12.8.2",
      perf: 97,
      a11y: 100,
      bp: 96,
      seo: 100,
      lcp: 1234,
      tbt: 90,
      cls: 0,
      jsBytes: 98_000,
      lcpElement: "main > section > p",
      lcpPhases: "TTFB 120 ms, Render Delay 300 ms",
      // Only scored audits that did not pass: a zero-weight one says nothing about the score.
      failing: ["best-practices: errors-in-console"],
    });
  });

  it("takes each metric's median on its own", () => {
    const samples = [lhr(0.99, 900, 200, 1), lhr(0.9, 1500, 50, 1), lhr(0.95, 1000, 60, 1)].map(
      summarise,
    );
    expect(median(samples)).toMatchObject({ perf: 95, lcp: 1000, tbt: 60 });
    expect(median(samples.slice(0, 2))).toMatchObject({ perf: 94.5, lcp: 1200, tbt: 125 });
  });
});

describe("blockingTasks", () => {
  const report = (tti: number, tasks: Array<[number, number, string]>) => ({
    audits: {
      metrics: { details: { items: [{ firstContentfulPaint: 900, interactive: tti }] } },
      "long-tasks": {
        details: {
          items: tasks.map(([startTime, duration, url]) => ({ startTime, duration, url })),
        },
      },
    },
  });

  it("keeps Lighthouse's tasks between FCP and TTI, each clipped to them, less 50 ms", () => {
    const origin = "http://127.0.0.1:4000";
    const { tti, tasks } = blockingTasks(
      report(2990, [
        [700, 120, "Unattributable"], // before the paint
        [850, 150, `${origin}/`], // 100 of it after the paint: 50 blocks
        [1200, 90, `${origin}/app.js`],
        [1500, 40, `${origin}/app.js`], // short
        [2950, 80, `${origin}/start.js`], // 40 of it before TTI: none blocks
        [3200, 300, `${origin}/late.js`], // after TTI
      ]),
      origin,
    );
    expect(tti).toBe(2990);
    expect(tasks).toEqual([
      { at: 850, ms: 150, blocking: 50, url: "/" },
      { at: 1200, ms: 90, blocking: 40, url: "/app.js" },
      { at: 2950, ms: 80, blocking: 0, url: "/start.js" },
    ]);
  });

  it("says none when nothing is long", () => {
    expect(blockingTasks(report(1000, [[950, 30, "x"]]))).toEqual({ tti: 1000, tasks: [] });
  });
});

describe("serveBuild", () => {
  it("serves pages and scripts brotli-compressed once precompressed, plain when br is not accepted, only the country function", async () => {
    await precompressDir(dir);
    const server = await serveBuild(dir);
    try {
      const script = await fetch(`${server.url}/app-0123456789abcdef0123.js`, {
        headers: { "accept-encoding": "br" },
      });
      expect(script.headers.get("content-encoding")).toBe("br");
      expect(script.headers.get("cache-control")).toContain("immutable");
      expect(await script.text()).toBe("console.log(1);".repeat(200));

      const pricing = await fetch(`${server.url}/pricing/`, {
        headers: { "accept-encoding": "identity" },
      });
      expect(pricing.headers.get("content-encoding")).toBeNull();
      expect(await pricing.text()).toContain("<title>pricing</title>");

      // The benchmarks measure the site before any backend: the country lookup is not answered.
      // The one call every first load makes answers; the others stay off.
      const country = await fetch(`${server.url}/api/get-country`);
      expect(country.status).toBe(200);
      expect(await country.json()).toHaveProperty("country");
      expect((await fetch(`${server.url}/api/hubspot/`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
