// The blog's route families on the built site: listings and pagination, a post, tag and author pages,
// case studies, webinars, the pt-BR pair, the RSS feed, hidden and draft posts, sitemap and structured data.
import { site } from "../../src/config/site";
import { checkA11y, expect, test } from "./fixtures";
import { pageReady, readyAndQuiet } from "./support/ready";
import { hydrated } from "./support/hydration";
import type { Page } from "@playwright/test";

const POST = "/blog/credential-stuffing-layered-defense/";
const HIDDEN = "/blog/partner-integration-preview/";
const DRAFT = "/blog/device-reputation-scores/";
const BRAZIL = "/blog/geolocation-brazil-gambling-regulations/";
const BRAZIL_BR = "/blog/geolocation-brazil-gambling-regulations-br/";

/** Where the sticky site header ends, in viewport pixels. */
async function headerBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const sticky = [...document.querySelectorAll("header")].find(
      (header) => getComputedStyle(header).position === "sticky",
    );
    return sticky ? sticky.getBoundingClientRect().bottom : 0;
  });
}

/**
 * A hash target lands just below the sticky header: not under it, and not a header's height further
 * down (the old double offset put headings ~152 px from the top). Polls while smooth scrolling settles; with
 * `settle`, checks again once the app has started.
 */
async function expectJustBelowHeader(page: Page, id: string, { settle = true } = {}) {
  const bottom = await headerBottom(page);
  expect(bottom).toBeGreaterThan(40);
  const top = () => page.locator(`[id="${id}"]`).evaluate((el) => el.getBoundingClientRect().top);
  await expect
    .poll(top, { message: `#${id} settles below the header` })
    .toBeLessThanOrEqual(bottom + 32);
  await expect
    .poll(top, { message: `#${id} is not under the header` })
    .toBeGreaterThanOrEqual(bottom);
  // Still there once the app has started (hydration, route scroll handling) and painted twice more.
  if (!settle) return;
  await pageReady(page);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const settled = await top();
  expect(settled).toBeGreaterThanOrEqual(bottom);
  expect(settled).toBeLessThanOrEqual(bottom + 32);
}

/** Paths of the post cards listed in the page's main content. */
async function listedPaths(page: Page): Promise<string[]> {
  return page
    .locator(
      "main article a[href^='/blog/'], main li a[href^='/blog/'], main section[aria-label='Featured'] a",
    )
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

test("blog index page 1 features the newest featured post and paginates to page 2, 12 posts a page", async ({
  page,
}) => {
  await page.goto("/blog/");
  await expect(page.locator("h1")).toHaveText("Blog");
  const featured = page.locator("section[aria-label='Featured']");
  await expect(
    featured.getByRole("link", { name: /Credential stuffing: a layered defence/ }),
  ).toBeVisible();
  // 12 posts a page: the featured one and 11 more.
  const cards = page.locator("main ul[role='list'] > li");
  await expect(cards).toHaveCount(11);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.locator("[aria-current='page']")).toHaveText("1");
  await expect(pager.getByRole("link", { name: "Older →" })).toHaveAttribute("href", "/blog/2/");
  // Opened directly: scrolling to the pager would bring footer links of other issues into view.
  await page.goto((await pager.getByRole("link", { name: "Page 2" }).getAttribute("href")) ?? "");
  await expect(page.locator("h1")).toHaveText("Blog (page 2 of 2)");
  // 14 listed posts today: 12 on page 1, 2 here.
  await expect(page.locator("main ul[role='list'] > li")).toHaveCount(2);
  await expect(page.locator("section[aria-label='Featured']")).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "← Newer" }),
  ).toHaveAttribute("href", "/blog/");
});

test("a post has breadcrumbs, authors, hero, table of contents with working anchors, highlighted code and related posts", async ({
  page,
}) => {
  await page.goto("/blog/tutorial-block-checkout-bots/");
  await expect(page.locator("h1")).toHaveText(
    "Tutorial: block automated checkout bots with a server-side check",
  );
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog/");
  await expect(crumbs.locator("[aria-current='page']")).toContainText("Tutorial: block");
  await expect(page.getByRole("heading", { name: "Written by" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Hannah Lindqvist" }).last()).toHaveAttribute(
    "href",
    "/blog/author/hannah-lindqvist/",
  );
  // Hero through our own <picture> (no gatsby-plugin-image runtime), eager and sized so nothing shifts.
  const hero = page.locator("main picture img").first();
  await expect(hero).toHaveAttribute("alt", /automated traffic/);
  await expect(hero).toHaveAttribute("width", /\d+/);
  // Markdown image: gatsby-remark-images output, lazy, at most 766 px wide.
  const inline = page.locator(".gatsby-resp-image-image");
  await expect(inline).toHaveAttribute("loading", "lazy");
  const maxWidth = await page
    .locator(".gatsby-resp-image-wrapper")
    .evaluate((el) => getComputedStyle(el).maxWidth);
  expect(Number.parseFloat(maxWidth)).toBeLessThanOrEqual(766);
  // Code highlighted at build time.
  await expect(page.locator(".gatsby-highlight .token.keyword").first()).toBeVisible();
  // Heading permalinks: every entry of the table of contents is a heading with an anchor to itself.
  const toc = page.getByRole("navigation", { name: "On this page" });
  const ids = await toc
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => (a.getAttribute("href") ?? "").slice(1)));
  expect(ids.length).toBeGreaterThanOrEqual(5);
  for (const id of ids) {
    const anchor = page.locator(`[id="${id}"] > a.heading-anchor[href="#${id}"]`);
    await expect(anchor, id).toHaveCount(1);
    await expect(anchor, id).toHaveAttribute("aria-label", /^Link to this section: /);
  }
  // Table of contents: a hash link scrolls its heading to just below the sticky header.
  await toc.getByRole("link", { name: "2. Apply it in the route" }).click();
  await expect(page).toHaveURL(/#2-apply-it-in-the-route$/);
  await expectJustBelowHeader(page, "2-apply-it-in-the-route");
  // Related posts share a tag.
  const related = page.locator("section[aria-labelledby='related-title'] li");
  await expect(related).toHaveCount(3);
  await expect(page.locator("main").getByRole("link", { name: "Start free trial" })).toBeVisible();
});

test("opening a URL with a hash lands the heading just below the sticky header, like a click", async ({
  page,
}) => {
  await page.goto("/blog/tutorial-block-checkout-bots/#4-watch-the-results");
  await expectJustBelowHeader(page, "4-watch-the-results");
  // A permalink click on the page itself lands the same way.
  await page.goto("/blog/tutorial-block-checkout-bots/");
  await page.locator('[id="3-add-per-device-limits-for-drops"] > a.heading-anchor').click();
  await expect(page).toHaveURL(/#3-add-per-device-limits-for-drops$/);
  await expectJustBelowHeader(page, "3-add-per-device-limits-for-drops");
});

test("a post opened again starts at its top, not where Gatsby saved an earlier load's scroll", async ({
  page,
}) => {
  const post = "/blog/tutorial-block-checkout-bots/";
  // An earlier load of the post, read down past its fourth section: Gatsby saves that position for the path
  // (under the key it gives the first entry of every load, "initial").
  await page.goto(`${post}#4-watch-the-results`);
  await expectJustBelowHeader(page, "4-watch-the-results");
  // The markdown body is set as HTML, so React's mark is on the page's own elements (its heading).
  await hydrated(page.locator("main h1"));
  await page.mouse.wheel(0, 240);
  await expect
    .poll(() => page.evaluate((path) => sessionStorage.getItem(`@@scroll|${path}|initial`), post))
    .toMatch(/^[1-9]\d+$/);
  // Opened again: the browser starts at the top, and the app's first render leaves it there. It used to scroll
  // to the saved position, also over a section link the visitor had followed while the page hydrated (the
  // previous test's second half, when its click landed during hydration).
  await page.goto(post);
  await hydrated(page.locator("main h1"));
  await pageReady(page);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Navigations inside the site keep Gatsby's handling: a new page starts at its top, and Back returns to where
  // the visitor was.
  const related = page.locator("section[aria-labelledby='related-title'] li a").first();
  await related.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(0);
  const marker = await page.evaluate(() => ((window as { __same?: number }).__same = Date.now()));
  await related.click();
  await expect(page).not.toHaveURL(new RegExp(`${post}$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${post}$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(left + 5);
  // All of it in one page: client-side navigations, not loads.
  expect(await page.evaluate(() => (window as { __same?: number }).__same)).toBe(marker);
});

test("heading ids come from the site's slug(): the pt-BR post's anchors are plain lowercase-hyphen", async ({
  page,
}) => {
  await page.goto(BRAZIL_BR);
  const ids = await page
    .locator("main h2:has(> a.heading-anchor), main h3:has(> a.heading-anchor)")
    .evaluateAll((headings) => headings.map((h) => h.id));
  expect(ids).toContain("o-marco-regulatorio-em-resumo");
  for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  expect(new Set(ids).size).toBe(ids.length);
  const tocIds = await page
    .getByRole("navigation", { name: "Nesta página" })
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => (a.getAttribute("href") ?? "").slice(1)));
  expect(tocIds).toEqual(ids);
  await expect(
    page.locator('[id="o-marco-regulatorio-em-resumo"] > a.heading-anchor'),
  ).toHaveAttribute("aria-label", "Link para esta seção: O marco regulatório em resumo");
});

test("markdown links: internal ones navigate client-side, the rest are left to the browser", async ({
  page,
}) => {
  await page.goto(POST);
  await page.evaluate(() => ((window as unknown as { __marker: string }).__marker = "still-here"));
  const link = page.locator("main article a[href='/blog/guide-new-account-fraud/']").first();
  // A click before hydration is an ordinary link's full load, which is right, but not what this tests:
  // wait until React has attached the markdown body's click handler, which routes the links inside it.
  await expect
    .poll(() =>
      link.evaluate((node) => {
        for (let at: Element | null = node; at; at = at.parentElement) {
          const props = Object.entries(at).find(([key]) => key.startsWith("__reactProps"))?.[1];
          if (props && typeof (props as { onClick?: unknown }).onClick === "function") return true;
        }
        return false;
      }),
    )
    .toBe(true);
  await link.click();
  await expect(page).toHaveURL(/\/blog\/guide-new-account-fraud\/$/);
  await expect(page.locator("h1")).toHaveText("A practical guide to new account fraud");
  // Same document: Gatsby's router navigated without a full page load.
  expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe(
    "still-here",
  );
});

test("structured data: Article with author and date, and BreadcrumbList", async ({ page }) => {
  await page.goto(POST);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.flatMap((text) => JSON.parse(text) as unknown[]).flat() as Array<
    Record<string, unknown>
  >;
  const article = data.find((d) => d["@type"] === "BlogPosting");
  expect(article).toMatchObject({
    headline: expect.stringContaining("Credential stuffing"),
    datePublished: "2025-06-10T05:00:00.000Z",
  });
  expect(article?.["author"]).toEqual([
    expect.objectContaining({ "@type": "Person", name: "Maya Okafor" }),
  ]);
  const crumbs = data.find((d) => d["@type"] === "BreadcrumbList");
  expect((crumbs?.["itemListElement"] as unknown[]).length).toBeGreaterThanOrEqual(3);
});

test("tag pages list only their posts, including tutorials and guides", async ({ page }) => {
  await page.goto("/blog/tag/tutorials/");
  await expect(page.locator("h1")).toHaveText("Tutorials");
  const paths = await listedPaths(page);
  expect(paths).toContain("/blog/tutorial-identify-visitors-react/");
  expect(paths).not.toContain(POST);
  await page.goto("/blog/tag/guides/");
  await expect(page.locator("h1")).toHaveText("Guides");
  expect(await listedPaths(page)).toContain(POST);
});

test("an author page lists the author's posts and links to author-tag pages canonical to it", async ({
  page,
}) => {
  await page.goto("/blog/author/hannah-lindqvist/");
  await expect(page.locator("h1")).toHaveText("Articles by Hannah Lindqvist");
  // Five posts: one page, so no pager and no page 2.
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  expect(await listedPaths(page)).toContain("/blog/tutorial-server-side-verification-node/");
  await page
    .getByRole("navigation", { name: "Topics" })
    .getByRole("link", { name: "Tutorials" })
    .click();
  await expect(page).toHaveURL(/\/blog\/author\/hannah-lindqvist\/tutorials\/$/);
  await expect(page.locator("h1")).toHaveText("Tutorials articles by Hannah Lindqvist");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${site.url}/blog/author/hannah-lindqvist/`,
  );
  expect(await listedPaths(page)).not.toContain("/blog/cookies-vs-device-identification/");
});

test("author photos: the author page and the post's author card show the author's picture", async ({
  page,
  request,
}) => {
  await page.goto("/blog/author/maya-okafor/");
  const photo = page.locator("main picture img[alt='Maya Okafor']").first();
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  const src = await photo.evaluate((img) => (img as HTMLImageElement).currentSrc);
  expect((await request.get(src)).status()).toBe(200);
  // Hannah's photo is written as ./hannah-lindqvist.png, Maya's as maya-okafor.png: both resolve.
  await page.goto("/blog/tutorial-block-checkout-bots/");
  const card = page.locator(
    "section[aria-labelledby='authors-title'] picture img[alt='Hannah Lindqvist']",
  );
  // Lazy: it loads once scrolled near.
  await card.scrollIntoViewIfNeeded();
  await expect
    .poll(() => card.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(card).toBeVisible();
  // An author without a photo keeps the initials.
  await page.goto("/blog/author/daniel-roth/");
  await expect(page.locator("main picture img[alt='Daniel Roth']")).toHaveCount(0);
});

test("case studies: the list links every story and a story shows its results", async ({ page }) => {
  await page.goto("/case-studies/");
  await expect(page.locator("h1")).toHaveText("Case studies");
  await expect(page.locator("main ul[role='list'] > li")).toHaveCount(3);
  await page.getByRole("link", { name: /Lumina Bank cut account takeover/ }).click();
  await expect(page.locator("h1")).toContainText("Lumina Bank");
  await expect(page.locator("dl[aria-label='Results'] dd").first()).toHaveText("71%");
  await expect(page.locator("figure blockquote")).toBeVisible();
});

test("webinars: the list links each webinar and its page has the WebinarForm slot", async ({
  page,
}) => {
  await page.goto("/webinars/");
  await expect(page.locator("h1")).toHaveText("Webinars");
  await page.getByRole("link", { name: /Credential stuffing in 2025/ }).click();
  await expect(page.locator("h1")).toContainText("Credential stuffing in 2025");
  const slot = page.locator("[data-webinar-form-slot='WebinarForm']");
  await expect(slot).toHaveAttribute("data-hubspot-form-id", /^[0-9a-f-]{36}$/);
  await expect(slot.locator("form[data-form-id='WebinarForm']")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Speakers" })).toBeVisible();
});

test("the Brazil post and its pt-BR variant link each other with hreflang and set lang", async ({
  page,
}) => {
  for (const [path, lang] of [
    [BRAZIL, "en"],
    [BRAZIL_BR, "pt-BR"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      "href",
      `${site.url}${BRAZIL}`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="pt-BR"]')).toHaveAttribute(
      "href",
      `${site.url}${BRAZIL_BR}`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${site.url}${path}`,
    );
  }
  await expect(page.locator("h1")).toContainText("Geolocalização");
  await expect(page.getByRole("link", { name: "Read in English" })).toHaveAttribute("href", BRAZIL);
  await checkA11y(page);
  // The variant is not listed beside the original.
  await page.goto("/blog/tag/regulation/");
  expect(await listedPaths(page)).toEqual(expect.not.arrayContaining([BRAZIL_BR]));
});

test("RSS is valid XML with the newest 20 visible posts (14 today), full content and absolute links", async ({
  page,
  request,
}) => {
  const response = await request.get("/rss.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  await page.goto("/blog/");
  const result = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const items = [...doc.querySelectorAll("channel > item")];
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      links: items.map((item) => item.querySelector("link")?.textContent ?? ""),
      content:
        items[0]?.getElementsByTagNameNS("http://purl.org/rss/1.0/modules/content/", "encoded")[0]
          ?.textContent ?? "",
    };
  }, xml);
  expect(result.error).toBeNull();
  expect(result.links).toHaveLength(14);
  expect(result.links[0]).toBe(`${site.url}${POST}`);
  expect(result.links).not.toContain(`${site.url}${HIDDEN}`);
  expect(result.links).not.toContain(`${site.url}${DRAFT}`);
  expect(result.links).not.toContain(`${site.url}${BRAZIL_BR}`);
  expect(result.content).toContain("<h2");
  expect(result.content).toContain(`href="${site.url}/blog/`);
  expect(result.content).not.toContain("{product}");
});

test("a hidden post is reachable but noindex, and absent from lists, RSS and the sitemap", async ({
  page,
  request,
}) => {
  const response = await page.goto(HIDDEN);
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1")).toHaveText("Preview: notes for integration partners");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  for (const listing of [
    "/blog/",
    "/blog/2/",
    "/blog/tag/engineering/",
    "/blog/author/hannah-lindqvist/",
  ]) {
    await page.goto(listing);
    expect(await listedPaths(page), listing).not.toContain(HIDDEN);
  }
  expect(await (await request.get("/rss.xml")).text()).not.toContain(HIDDEN);
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  expect(sitemap).toContain(`${site.url}${POST}`);
  expect(sitemap).toContain(`${site.url}${BRAZIL_BR}`);
  expect(sitemap).not.toContain(HIDDEN);
  expect(sitemap).not.toContain("/blog/author/hannah-lindqvist/tutorials/");
  // Its "Partners" tag has no listed post: no tag page, not in the sitemap, and not linked.
  expect((await request.get("/blog/tag/partners/")).status()).toBe(404);
  expect(sitemap).not.toContain("/blog/tag/partners/");
  await page.goto(HIDDEN);
  await expect(
    page.locator("main ul[aria-label='Topics'] li", { hasText: "Partners" }),
  ).toHaveCount(1);
  await expect(page.locator("main a[href='/blog/tag/partners/']")).toHaveCount(0);
  await expect(
    page.locator("main ul[aria-label='Topics'] a", { hasText: "Engineering" }),
  ).toHaveAttribute("href", "/blog/tag/engineering/");
});

test("a draft has no page", async ({ request }) => {
  expect((await request.get(DRAFT)).status()).toBe(404);
  expect((await request.get(`/page-data${DRAFT}page-data.json`)).status()).toBe(404);
});

test("the post page stays lean: no gatsby-plugin-image runtime or react-dom/server in its scripts", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("response", async (res) => {
    if (res.url().endsWith(".js")) scripts.push(await res.text().catch(() => ""));
  });
  await page.goto(POST);
  await readyAndQuiet(page);
  const all = scripts.join("\n");
  expect(all).not.toContain("gatsby-image-wrapper");
  expect(all).not.toContain("renderToStaticMarkup");
});

test("the post reads well on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(BRAZIL);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
