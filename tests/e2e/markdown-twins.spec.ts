// What agents read, on the built site served by the Node server: a Markdown twin for exactly the pages the sitemap
// lists (none for a draft, hidden, scheduled or noindex entry), three twins read against their pages in Chromium,
// /llms.txt in the proposal's shape with every link answering Markdown, content negotiation, security.txt,
// robots.txt's AI preferences, and "Copy page" fetching nothing until it is pressed.
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { site } from "../../src/config/site";
import { parseHtml } from "../../src/data/parseHtml";
import { twinPathOf } from "../../src/data/markdownTwins";
import { expect, hydrated, test } from "./fixtures";

/** The page after its first render (the layout sets data-hydrated on <html>). */
const ready = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

const publicDir = path.resolve(__dirname, "../../public");
const AGENT = "text/markdown, text/html;q=0.9, */*;q=0.8";

/** The <loc> texts of the sitemap files (the parser keeps attributes, so the text is cut between the tags). */
function sitemapLocs(): string[] {
  const locs: string[] = [];
  for (const file of fs.readdirSync(publicDir).filter((f) => /^sitemap-\d+\.xml$/.test(f))) {
    const xml = fs.readFileSync(path.join(publicDir, file), "utf8");
    for (const el of parseHtml(xml).filter((e) => e.name === "loc"))
      locs.push(xml.slice(el.openEnd, el.end - "</loc>".length));
  }
  return locs.map((loc) => new URL(loc).pathname);
}

async function expectTwin(request: APIRequestContext, url: string): Promise<string> {
  const answer = await request.get(url, { headers: { "accept-encoding": "br, gzip" } });
  expect(answer.status(), url).toBe(200);
  expect(answer.headers()["content-type"], url).toBe("text/markdown; charset=utf-8");
  expect(answer.headers()["x-robots-tag"], url).toBe("noindex");
  return answer.text();
}

/** The headings a reader sees in the page's main content (or those `selector` picks there), as "## text". */
async function pageHeadings(page: Page, selector = "h1, h2, h3"): Promise<string[]> {
  return page
    .locator("main")
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((el) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0)
        .map((el) => `${"#".repeat(Number(el.tagName[1]))} ${(el.textContent ?? "").trim()}`),
    );
}

/** The twin's headings outside its code blocks (a list item's too, as a numbered step's), without Markdown's escapes. */
function twinHeadings(markdown: string): string[] {
  let fenced = false;
  const headings: string[] = [];
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    // A heading may open a list item or sit inside one (a plan's name under its badge), indented.
    else if (!fenced && /^ *(?:\d+\. |- )?#{1,3} /.test(line))
      headings.push(line.replace(/^ *(?:\d+\. |- )?/, "").replace(/\\(.)/g, "$1"));
  }
  return headings;
}

test("every page of the sitemap has a twin answering 200 text/markdown, and no other page has one", async ({
  request,
}) => {
  const listed = sitemapLocs();
  expect(listed.length).toBeGreaterThan(80);
  for (const page of listed) {
    const markdown = await expectTwin(request, twinPathOf(page) ?? "");
    expect(markdown.startsWith("# "), page).toBe(true);
    // The page's head links it.
    const html = await (await request.get(page)).text();
    const link = parseHtml(html).find(
      (el) => el.name === "link" && el.attributes["type"] === "text/markdown",
    );
    expect(link?.attributes["href"], page).toBe(`${site.url}${twinPathOf(page)}`);
  }
  // A draft (no page), a hidden post, noindex variants, the search page and the 404 page: no twin, no link.
  for (const page of [
    "/blog/device-reputation-scores/",
    "/blog/partner-integration-preview/",
    "/home-a/",
    "/pricing-b/",
    "/search/",
    "/blog/author/hannah-lindqvist/tutorials/",
  ]) {
    expect((await request.get(twinPathOf(page) ?? "")).status(), page).toBe(404);
    const html = await (await request.get(page)).text();
    expect(html, page).not.toContain('type="text/markdown"');
  }
});

test("three twins read as their pages: the headings in order, the comparison table, the post's code", async ({
  page,
  request,
}) => {
  // A comparison: its headings and its table, row for row.
  await page.goto("/resources/comparisons/captcha-challenges/");
  await ready(page);
  const comparison = await expectTwin(
    request,
    "/resources/comparisons/captcha-challenges/index.html.md",
  );
  expect(twinHeadings(comparison)).toEqual(await pageHeadings(page));
  const rows = await page
    .locator("main table tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.children].map((cell) =>
          (
            cell.querySelector("svg[aria-label]")?.getAttribute("aria-label") ??
            cell.textContent ??
            ""
          )
            .replace(/\s+/g, " ")
            .trim(),
        ),
      ),
    );
  expect(rows.length).toBeGreaterThan(3);
  for (const cells of rows) expect(comparison).toContain(`| ${cells.join(" | ")} |`);

  // A post from its Markdown: its headings and every code block, with its language.
  await page.goto("/blog/tutorial-identify-visitors-react/");
  await ready(page);
  const post = await expectTwin(request, "/blog/tutorial-identify-visitors-react/index.html.md");
  // The post's own headings: its title and its body's (each with its permalink), not the authors or related posts.
  const body = "h1, h2:has(a.heading-anchor), h3:has(a.heading-anchor)";
  expect(twinHeadings(post)).toEqual(await pageHeadings(page, body));
  const blocks = await page.locator("main pre > code").evaluateAll((codes) =>
    codes.map((code) => ({
      language: /language-(\S+)/.exec(code.className)?.[1] ?? "",
      text: code.textContent ?? "",
    })),
  );
  expect(blocks.length).toBeGreaterThan(1);
  for (const block of blocks)
    expect(post).toContain(`\`\`\`${block.language}\n${block.text.trimEnd()}\n\`\`\``);
  expect(post).not.toContain("{product}");
  expect(post).toMatch(/\]\(https?:\/\//);

  // Pricing: the hero's heading, the plans and the billing questions as questions and answers.
  await page.goto("/pricing/");
  await ready(page);
  const pricing = await expectTwin(request, "/pricing/index.html.md");
  const questions = await page.locator("main details summary").allTextContents();
  expect(questions.length).toBeGreaterThan(3);
  for (const question of questions) expect(pricing).toContain(`### ${question.trim()}\n\n`);
  const headings = (await pageHeadings(page)).filter((h) => !h.startsWith("#### "));
  expect(twinHeadings(pricing).filter((h) => headings.includes(h))).toEqual(headings);
});

test("/llms.txt follows the proposal, and every link of it to this site answers 200 text/markdown", async ({
  request,
}) => {
  const answer = await request.get("/llms.txt");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await answer.text();
  const lines = text.split("\n");
  expect(lines[0]).toBe(`# ${site.productName}`);
  expect(lines[1]).toBe("");
  expect(lines[2]).toMatch(/^> \S/);
  expect(lines.filter((line) => line.startsWith("# "))).toHaveLength(1);
  const sections = lines.filter((line) => line.startsWith("## "));
  expect(sections).toEqual([
    "## Products",
    "## Use cases",
    "## Industries",
    "## Pricing",
    "## Developers",
    "## Company",
    "## Blog",
  ]);
  const links = [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?:: (.+))?$/gm)];
  const items = lines.filter((line) => line.startsWith("- "));
  expect(links).toHaveLength(items.length);
  expect(links.length).toBeGreaterThan(40);
  const own = links.map((m) => new URL(m[2]!)).filter((url) => url.origin === site.url);
  // Only the documentation's own llms.txt lies elsewhere.
  expect(links.length - own.length).toBe(1);
  for (const url of own) await expectTwin(request, url.pathname);
  // The blog's ten newest posts follow its index.
  const blog = text.slice(text.indexOf("## Blog"));
  expect(blog.match(/^- /gm)).toHaveLength(11);
});

test("/llms-full.txt holds the marketing pages' twins, within its budget", async ({ request }) => {
  const answer = await request.get("/llms-full.txt");
  expect(answer.status()).toBe(200);
  const text = await answer.text();
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(512 * 1024);
  const pricing = await (await request.get("/pricing/index.html.md")).text();
  expect(text).toContain(`Source: ${site.url}/pricing/\n\n${pricing.trim()}`);
  expect(text).not.toContain(`Source: ${site.url}/blog/`);
});

test("a page's address with Accept: text/markdown answers its twin; a browser's Accept answers its HTML", async ({
  request,
}) => {
  const markdown = await request.get("/pricing/", { headers: { accept: AGENT } });
  expect(markdown.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  expect(markdown.headers()["x-robots-tag"]).toBe("noindex");
  expect(markdown.headers()["vary"]).toContain("Accept");
  expect(await markdown.text()).toBe(await (await request.get("/pricing/index.html.md")).text());
  const html = await request.get("/pricing/", {
    headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
  });
  expect(html.headers()["content-type"]).toBe("text/html; charset=utf-8");
  expect(html.headers()["vary"]).toContain("Accept");
  const search = await request.get("/search/", { headers: { accept: AGENT } });
  expect(search.headers()["content-type"]).toBe("text/html; charset=utf-8");
});

test("security.txt has RFC 9116's fields with an Expires ahead, and robots.txt states the AI preferences", async ({
  request,
}) => {
  const answer = await request.get("/.well-known/security.txt");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await answer.text();
  expect(text).toMatch(/^Contact: mailto:security@\S+$/m);
  const expires = Date.parse(/^Expires: (\S+)$/m.exec(text)?.[1] ?? "");
  expect(expires).toBeGreaterThan(Date.now());
  expect(expires - Date.now()).toBeLessThan(365 * 24 * 60 * 60 * 1000);
  expect(text).toContain(`Canonical: ${site.url}/.well-known/security.txt`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(
    /^User-agent: \*\nContent-Signal: search=yes, ai-input=yes, ai-train=no$/m,
  );
});

test.describe("Copy page", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  for (const url of ["/blog/tutorial-block-checkout-bots/", "/sdk-libraries/"]) {
    test(`on ${url}: fetches nothing until pressed, then puts the page's Markdown on the clipboard`, async ({
      page,
    }) => {
      const twin = `${url}index.html.md`;
      const fetched: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === twin) fetched.push(request.url());
      });
      await page.goto(url);
      await hydrated(page.getByRole("button", { name: "Copy page" }));
      const view = page.getByRole("link", { name: "View as Markdown" });
      await expect(view).toHaveAttribute("href", twin);
      expect(fetched).toEqual([]);
      await page.getByRole("button", { name: "Copy page" }).click();
      await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
      await expect(page.locator("main").getByRole("status")).toHaveText(
        "Copied the page as Markdown.",
      );
      expect(fetched).toHaveLength(1);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const markdown = await (await page.request.get(twin)).text();
      expect(copied).toBe(
        `${markdown.trimEnd()}\n\n---\n\nSource: ${new URL(url, page.url()).href}\n`,
      );
    });
  }
});
