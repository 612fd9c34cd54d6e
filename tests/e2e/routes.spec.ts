// Every route the site serves, once: each listed route and one page of each content family, and the 404 page:
// status, one h1, title and description, an absolute canonical (the family's own) and breadcrumb, no broken internal links or
// images, no serious accessibility violations (axe's WCAG 2.2 AA and best-practice rules), and, with every island of
// the page started, not one CSP violation (consent rejected; csp.spec.ts visits one page per family with everything
// accepted). As a first visitor: every control focused in turn at 1280 and 320 px with the cookie banner open, then
// again after the choice (none hidden once focused, none out of the document's order), no horizontal scrolling at
// 320 px once the islands have drawn themselves there, and no id used twice (wcag.spec.ts walks with the Tab key
// and makes the deeper checks once per page kind). Then checks
// over every built page: one <h1> and the feed in its head, help links in the same place, unique titles, no NUL
// bytes, listed spellings.
// Screenshots are their own command (`npm run screenshots`), not part of the test run.
import fs from "node:fs";
import path from "node:path";
import { routeFamilies, routes, withTrailingSlash } from "../../src/config/routes";
import { site } from "../../src/config/site";
import { specRoutes } from "../fixtures/specRoutes";
import type { Locator, Page } from "@playwright/test";
import { checkA11y, expect, test } from "./fixtures";
import { recordViolations, violations } from "./support/csp";
import { allIslandsReady, pageReady } from "./support/ready";
import {
  DESKTOP,
  HELP,
  PHONE,
  duplicateIds,
  expectFocusWalk,
  helpPlaces,
  overflowX,
} from "./support/wcag";

const root = path.resolve(__dirname, "../..");

/** Every internal URL and image already checked in this worker, with its final status. */
const checked = new Map<string, number>();

/** Pages that move on by themselves once hydrated: where they end up, and what shows they are done there. */
const MOVES_ON: Record<string, { url: RegExp; done: (page: Page) => Locator }> = {
  // The application page without a role opens the list of roles, which then loads them.
  "/careers/jobs/apply/": {
    url: /\/careers\/jobs\/$/,
    done: (page) => page.getByTestId("job-group").first(),
  },
};

// A first visit: the cookie banner opens (the test server's visitors come from an unknown country).
test.use({ presetConsent: false });

// The CMS admin is an application of its own: tests/e2e/cms.spec.ts covers it.
const sitePages = routes.filter((route) => !route.app);
const swept = [
  ...sitePages.map((route) => ({ path: route.path, family: undefined })),
  ...routeFamilies.map((family) => ({ path: family.example, family })),
];

for (const { path: pagePath, family } of swept) {
  test(`route ${pagePath}`, async ({ page, context, request }) => {
    await recordViolations(context);
    const response = await page.goto(pagePath);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1:visible")).toHaveCount(1);
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\//);
    if (family) {
      const canonical = `${site.url}${family.canonical ?? family.example}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
      await expect(page.locator('nav[aria-label="Breadcrumb"]')).toBeVisible();
    }

    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const broken: string[] = [];
    for (const href of new Set(hrefs)) {
      const target = href.split("#")[0] ?? href;
      if (target === "") continue;
      if (!checked.has(target))
        checked.set(target, (await request.get(target, { maxRedirects: 1 })).status());
      if (checked.get(target) !== 200) broken.push(`${href} → ${checked.get(target)}`);
    }
    expect(broken, "broken internal links").toEqual([]);
    const images = await page
      .locator("img")
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc));
    for (const src of new Set(images)) {
      if (!checked.has(src)) checked.set(src, (await request.get(src)).status());
      expect(checked.get(src), src).toBe(200);
    }

    // Some pages move on by themselves once hydrated: axe checks the page the visitor ends on, once it shows
    // it is done, not a moment between.
    const move = MOVES_ON[pagePath];
    if (move) {
      await expect(page).toHaveURL(move.url);
      await expect(move.done(page)).toBeVisible();
    }
    await pageReady(page);
    // Every island started first (its code loaded, its controls live), so each walk meets the page complete.
    await allIslandsReady(page);
    // First visit, the cookie banner open: no control hidden by it once focused, at both widths.
    const banner = page.locator("[data-consent-banner]");
    await expect(banner).toBeVisible();
    await expectFocusWalk(page, "1280 px, cookie banner open");
    await page.setViewportSize(PHONE);
    await expectFocusWalk(page, "320 px, cookie banner open");
    await banner.getByRole("button", { name: "Reject all" }).click();
    await expect(banner).toBeHidden();
    await expectFocusWalk(page, "320 px, after the choice");
    // 1.4.10: nothing wider than a 320 px screen, every island drawn there.
    await allIslandsReady(page);
    expect.soft(await overflowX(page), "horizontal scrolling at 320 px").toEqual({
      excess: 0,
      culprits: [],
    });
    await page.setViewportSize(DESKTOP);
    await checkA11y(page);
    expect(await violations(page)).toEqual([]);
    expect.soft(await duplicateIds(page), "ids used twice").toEqual([]);
    await expectFocusWalk(page, "1280 px, after the choice");
  });
}

test("an unknown path answers the 404 page: status 404, one h1, noindex, axe and the CSP hold", async ({
  page,
  context,
}) => {
  await recordViolations(context);
  const response = await page.goto("/no-such-page-7c1e/");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page).toHaveTitle(/\S/);
  await pageReady(page);
  await checkA11y(page);
  expect(await violations(page)).toEqual([]);
});

test("the accessibility check fails on a serious violation, in the page and in a frame of its own", async ({
  page,
}) => {
  await page.goto("/");
  await pageReady(page);
  await page.evaluate(() => document.body.append(document.createElement("button")));
  await expect(checkA11y(page)).rejects.toThrow(/button-name/);
  await page.evaluate(() => {
    document.querySelector("body > button:last-child")?.remove();
    const frame = document.createElement("iframe");
    frame.title = "A frame of the site's own";
    frame.srcdoc = '<html lang="en"><body><button></button></body></html>';
    document.body.append(frame);
  });
  await expect(
    page.frameLocator('iframe[title="A frame of the site\'s own"]').locator("button"),
  ).toHaveCount(1);
  await expect(checkA11y(page)).rejects.toThrow(/button-name/);
});

/** Every page the build wrote (each .html file under public/), as the path it is served at. */
function builtPages(dir = path.join(root, "public"), base = "/"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      // Not pages: the CMS admin, page data, and Gatsby's slice fragments (_gatsby/slices).
      return ["admin", "page-data", "_gatsby"].includes(entry.name)
        ? []
        : builtPages(path.join(dir, entry.name), `${base}${entry.name}/`);
    if (entry.name === "index.html") return [base];
    return entry.name.endsWith(".html") ? [`${base}${entry.name}`] : [];
  });
}

test("every page the build wrote has one <h1> in its HTML, advertises the feed in its head and keeps help in the same place", async ({
  page,
  request,
}) => {
  test.slow();
  await page.goto("/");
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(100);
  const problems: string[] = [];
  let helpOnFirst: string | null = null;
  for (const pagePath of pages) {
    const html = await (await request.get(pagePath)).text();
    // Read with the browser's HTML parser: whatever CSS or scripts would later show or hide.
    const found = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "text/html");
      return {
        h1: doc.querySelectorAll("h1").length,
        feeds: [
          ...doc.head.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]'),
        ].map((link) => link.getAttribute("href")),
      };
    }, html);
    const help = await helpPlaces(page, html, HELP);
    if (found.h1 !== 1) problems.push(`${pagePath}: ${found.h1} <h1> elements`);
    if (found.feeds.join() !== "/rss.xml")
      problems.push(`${pagePath}: feed links ${found.feeds.join() || "none"}`);
    helpOnFirst ??= help;
    if (help !== helpOnFirst)
      problems.push(`${pagePath}: help at ${help}, not ${helpOnFirst} as on ${pages[0]}`);
  }
  expect(helpOnFirst).toMatch(/^header .*\/contact-sales\/.*\| footer .*\/support\//);
  expect(problems).toEqual([]);
  const feed = await request.get("/rss.xml");
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("<rss");
});

test("titles and descriptions are unique across served routes", async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const clashes: string[] = [];
  for (const route of sitePages) {
    const html = await (await request.get(route.path)).text();
    const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
    if (titles.has(title)) clashes.push(`title "${title}": ${titles.get(title)} and ${route.path}`);
    if (descriptions.has(description))
      clashes.push(`description: ${descriptions.get(description)} and ${route.path}`);
    titles.set(title, route.path);
    descriptions.set(description, route.path);
  }
  expect(clashes).toEqual([]);
});

test("no served page carries a NUL byte (React 18's stream leaves them; the build removes them)", async ({
  request,
}) => {
  const withNul: string[] = [];
  for (const route of sitePages) {
    const html = await (await request.get(route.path)).text();
    const at = html.indexOf("\u0000");
    if (at >= 0) withNul.push(`${route.path}: …${html.slice(Math.max(0, at - 40), at)}`);
  }
  expect(withNul).toEqual([]);
});

test("routes listed without a trailing slash answer at that spelling too", async ({ request }) => {
  const listed = specRoutes().filter((line) => !line.endsWith("/"));
  expect(listed.length).toBeGreaterThan(5);
  for (const spelling of listed) {
    const first = await request.get(spelling, { maxRedirects: 0 });
    expect([200, 301], spelling).toContain(first.status());
    if (first.status() === 301) {
      expect(first.headers()["location"], spelling).toBe(withTrailingSlash(spelling));
      const second = await request.get(withTrailingSlash(spelling), { maxRedirects: 0 });
      expect(second.status(), withTrailingSlash(spelling)).toBe(200);
    }
  }
});
