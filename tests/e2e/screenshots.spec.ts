// `npm run screenshots`: every page the site serves, at 1280 and 390 px, into tests/artifacts/screenshots/ for
// people to look at (the home page also as a first-time visitor sees it, with the consent banner). Not a test of
// anything, so not part of `npm test` (playwright.config.ts's "screenshots" project).
import { routeFamilies, routes } from "../../src/config/routes";
import { test } from "./fixtures";
import { snap } from "./support/screenshots";

const pages = [
  ...routes.filter((route) => !route.app).map((route) => route.path),
  ...routeFamilies.map((family) => family.example),
  "/no-such-page/",
];

for (const pagePath of pages) {
  test(`screenshot ${pagePath}`, async ({ page }) => {
    await page.goto(pagePath);
    await snap(
      page,
      pagePath === "/" ? "home" : pagePath.replace(/^\/|\/$/g, "").replace(/\//g, "_"),
    );
  });
}

test.describe("a first-time visitor", () => {
  test.use({ presetConsent: false });

  test("screenshot / with the consent banner", async ({ page }) => {
    await page.goto("/");
    await snap(page, "home consent banner");
  });
});
