// The site search in Chromium at 1280 and 390 px: a visitor finds a post by a word of its body and a marketing page
// by a word of its copy, opens a result with the keyboard, never finds a hidden or draft post; the dialog is axe
// clean, its code and Pagefind's files are fetched only once it opens, and nothing breaks the page's policy. Then the
// results page, with and without JavaScript.
import type { Page, Request } from "@playwright/test";
import { expect, test, checkA11y } from "./fixtures";
import { recordViolations, violations } from "./support/csp";
import { pageReady, readyAndQuiet } from "./support/ready";

const VIEWPORTS = [
  ["1280 px", { width: 1280, height: 800 }],
  ["390 px", { width: 390, height: 844 }],
] as const;

/** Requests for the search's own code (the dialog's chunk) and Pagefind's files. */
function searchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/pagefind/") || /search-dialog/.test(url.pathname))
      seen.push(url.pathname);
  });
  return seen;
}

const field = (page: Page) => page.getByRole("combobox", { name: "Search the site" });
const options = (page: Page) => page.getByRole("dialog").getByRole("option");
const control = (page: Page) => page.locator("[data-search-control]");

/** Types a search and waits for the dialog to say it has answered. */
async function search(page: Page, words: string): Promise<void> {
  await field(page).fill(words);
  await expect(page.locator("#site-search-status[data-search-status='done']")).toBeVisible();
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test("a post by a word of its body, opened with the keyboard; nothing fetched before the search opens", async ({
      page,
      context,
    }) => {
      await recordViolations(context);
      const fetched = searchRequests(page);
      await page.goto("/pricing/");
      await readyAndQuiet(page);
      expect(fetched).toEqual([]);

      await page.keyboard.press("/");
      await expect(field(page)).toBeFocused();
      await search(page, "telecom");
      expect(fetched).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/search-dialog/),
          "/pagefind/pagefind.js",
          "/pagefind/pagefind-entry.json",
          expect.stringMatching(/^\/pagefind\/wasm\.en\.pagefind$/),
          expect.stringMatching(/^\/pagefind\/index\/.+\.pf_index$/),
          expect.stringMatching(/^\/pagefind\/fragment\/.+\.pf_fragment$/),
        ]),
      );
      const first = options(page).first();
      await expect(first).toContainText("SMS pumping");
      await expect(first).toContainText("Blog");
      await expect(first.locator("mark").first()).toHaveText(/telecom/i);
      await checkA11y(page, { include: ["dialog[open]"] });

      await field(page).press("ArrowDown");
      await expect(field(page)).toHaveAttribute("aria-activedescendant", "site-search-option-0");
      await expect(first).toHaveAttribute("aria-selected", "true");
      await field(page).press("Enter");
      await expect(page).toHaveURL(/\/blog\/sms-pumping-fraud\/$/);
      await expect(page.locator("h1")).toContainText("SMS pumping");
      await expect(page.getByRole("dialog")).toBeHidden();
      expect(await violations(page)).toEqual([]);
    });

    test("a marketing page by a word of its copy, from the header's control; Escape closes and gives focus back", async ({
      page,
      context,
    }) => {
      await recordViolations(context);
      await page.goto("/");
      await pageReady(page);
      await control(page).click();
      await search(page, "bust");
      const first = options(page).first();
      // Under the page's title, not its hero's slogan.
      await expect(first).toContainText("Device risk checks for buy now, pay later providers");
      await expect(first).toContainText("Use case");

      await field(page).press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(control(page)).toBeFocused();

      // ⌘K / Ctrl+K opens it again with the search as it was; Enter on the first result opens it.
      await page.keyboard.press("Control+k");
      await expect(field(page)).toBeFocused();
      await expect(field(page)).toHaveValue("bust");
      await field(page).press("ArrowDown");
      await field(page).press("Enter");
      await expect(page).toHaveURL(/\/buy-now-pay-later\/$/);
      expect(await violations(page)).toEqual([]);
    });

    test("never a hidden or a draft post; nothing found offers pages instead", async ({ page }) => {
      await page.goto("/blog/");
      await pageReady(page);
      await control(page).click();
      // Words only the hidden post (hidden: true) and the draft (draft: true) contain.
      // (Pagefind forgives typos, so other pages may come up: never these two.)
      for (const words of ["HMAC", "sandbox workspace", "decay"]) {
        await search(page, words);
        const found = await options(page).allTextContents();
        expect(found.join("\n"), words).not.toMatch(/integration partners|reputation score/i);
      }
      await search(page, "zebra");
      await expect(page.getByRole("dialog")).toContainText("No results for “zebra”");
      await expect(page.getByRole("dialog").getByText("Suggested pages")).toBeVisible();
      await expect(options(page).first()).toContainText("Pricing");
      await checkA11y(page, { include: ["dialog[open]"] });
    });
  });
}

test("the phone menu offers the search too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/about-us/");
  await pageReady(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const entry = page.getByRole("button", { name: "Search the site" });
  await entry.click();
  await expect(field(page)).toBeFocused();
  await field(page).press("Escape");
  await expect(entry).toBeFocused();
});

test("/search/?q= lists every result as a link with its section and marked words", async ({
  page,
  context,
}) => {
  await recordViolations(context);
  await page.goto("/search/?q=telecom");
  await expect(page.locator("[data-search-status='done']")).toBeVisible();
  const results = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
  await expect(results.first()).toContainText("SMS pumping");
  await expect(results.first().locator("mark").first()).toHaveText(/telecom/i);
  await expect(page.getByRole("searchbox", { name: "Search the site" })).toHaveValue("telecom");
  await checkA11y(page);
  await results.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/blog\/sms-pumping-fraud\/$/);
  expect(await violations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/search/ lists the site's sections, and its form asks the same page", async ({ page }) => {
    await page.goto("/search/?q=telecom");
    const sections = page.locator("section[aria-labelledby='site-sections-title']");
    await expect(sections.getByRole("heading", { level: 2 })).toHaveText(
      "Browse the site by section",
    );
    await expect(sections.getByRole("link", { name: "Smart Signals" }).first()).toBeVisible();
    expect(await sections.getByRole("link").count()).toBeGreaterThan(10);
    // (Its <noscript> note is not checked: Chromium with script execution switched off still parses <noscript>
    // as a browser with scripting does.)
    const form = page.getByRole("search");
    await expect(form).toHaveAttribute("action", "/search/");
    await expect(form.getByRole("searchbox")).toHaveAttribute("name", "q");
    // The header's control is a link to this page until scripts run.
    await expect(page.locator("[data-search-control]")).toHaveAttribute("href", "/search/");
  });
});
