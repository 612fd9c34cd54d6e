// Consent in Chromium: who sees the banner, that no history cookie exists before Accept, Reject holding across
// navigations, the footer's Cookie settings, withdrawal removing the cookie, and the keyboard.
import type { BrowserContext, Page } from "@playwright/test";
import { site } from "../../src/config/site";
import { checkA11y, expect, test } from "./fixtures";
import { fromCountry } from "./support/network";

test.use({ presetConsent: false });

const banner = (page: Page) => page.locator("[data-consent-banner]");

async function historyCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "visitHistory");
}

async function visitAs(page: Page, country: string | null, path = "/") {
  if (country) await fromCountry(page, country);
  await page.goto(path);
}

for (const [label, country] of [
  ["an EU visitor (DE)", "DE"],
  ["an unknown-country visitor", null],
] as const) {
  test(`${label} sees the banner and gets no history cookie before Accept; Reject holds across navigations and a reload`, async ({
    page,
    context,
  }) => {
    await visitAs(page, country, "/?utm_source=e2e");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Accept all" })).toBeVisible();
    await page.goto("/pricing/");
    expect(await historyCookie(context)).toBeUndefined();

    await banner(page).getByRole("button", { name: "Reject all" }).click();
    await expect(banner(page)).toBeHidden();
    for (const path of ["/about-us/", "/blog/", "/support/"]) {
      await page
        .getByRole("link", { name: `${site.productName} home` })
        .first()
        .click();
      await page.goto(path);
      await expect(banner(page)).toBeHidden();
    }
    await page.reload();
    await expect(banner(page)).toBeHidden();
    expect(await historyCookie(context)).toBeUndefined();
    expect(await page.evaluate(() => window.localStorage.getItem("cookieConsent"))).toBe(
      '["required"]',
    );
  });
}

test("after Accept the history cookie holds the landing page, the previous page and the campaign", async ({
  page,
  context,
}) => {
  await visitAs(page, "FR", "/pricing/?utm_source=e2e&utm_campaign=consent");
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect(banner(page)).toBeHidden();
  // An in-app navigation (client-side) to another page.
  await page.locator('a[href="/contact-sales/"]').first().click();
  await expect(page).toHaveURL(/\/contact-sales\/$/);
  await expect
    .poll(async () => (await historyCookie(context))?.value ?? "")
    .toContain("contact-sales");
  const cookie = await historyCookie(context);
  const value = JSON.parse(decodeURIComponent(cookie?.value ?? "{}")) as Record<string, unknown>;
  expect(value).toMatchObject({
    landingPage: "/pricing/",
    previousPage: "/pricing/",
    visitedPages: ["/pricing/", "/contact-sales/"],
    utmParams: { utm_source: "e2e", utm_campaign: "consent" },
  });
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.domain).toBe("127.0.0.1");
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
});

// Every kind of page, without scrolling: a part of a page whose code waits for the visitor (the article's
// newsletter popup waited for a scroll) must not hold back the banner (React 18 holds every transition that
// changes a context above a server-rendered boundary still waiting for its code).
for (const path of ["/blog/account-sharing-detection/", "/contact-sales/", "/careers/", "/demo/"]) {
  test(`the banner shows on ${path} without scrolling`, async ({ page }) => {
    await visitAs(page, "DE", path);
    await expect(banner(page)).toBeVisible();
  });
}

test("a US visitor gets no banner and the history cookie is written", async ({ page, context }) => {
  await visitAs(page, "US", "/");
  await expect
    .poll(async () => (await historyCookie(context))?.value ?? "")
    .toContain("landingPage");
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem("cookieConsent"))).toBe(
    '["required","advertising","analytics"]',
  );
});

test("Cookie settings in the footer reopens the banner; withdrawing removes the history cookie", async ({
  page,
  context,
}) => {
  await visitAs(page, "US", "/");
  await expect.poll(async () => Boolean(await historyCookie(context))).toBe(true);
  await page.getByRole("button", { name: "Cookie settings" }).click();
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole("button", { name: "Choose categories" }).click();
  const analytics = banner(page).getByLabel("Analytics and identification");
  await expect(analytics).toBeChecked();
  await analytics.uncheck();
  await banner(page).getByRole("button", { name: "Save my choices" }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(async () => Boolean(await historyCookie(context))).toBe(false);
  await page.goto("/about-us/");
  expect(await historyCookie(context)).toBeUndefined();
});

test("the banner works from the keyboard, passes axe and looks right", async ({ page }) => {
  // axe and two full-page screenshots of the home page: slow on a busy machine, not a hang.
  test.slow();
  await visitAs(page, "DE", "/");
  await expect(banner(page)).toBeVisible();
  await checkA11y(page);
  await banner(page).getByRole("button", { name: "Choose categories" }).focus();
  await page.keyboard.press("Enter");
  await expect(banner(page).getByLabel("Required")).toBeDisabled();
  await banner(page).getByLabel("Advertising").focus();
  await page.keyboard.press("Space");
  await expect(banner(page).getByLabel("Advertising")).toBeChecked();
  await banner(page).getByRole("button", { name: "Save my choices" }).focus();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem("cookieConsent"))).toBe(
    '["required","advertising"]',
  );
});
