// Smoke test of the production build on the local server: the home page renders, unknown paths are 404.
import { expect, test } from "./fixtures";

test("the home page answers 200 with exactly one h1", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1")).toHaveCount(1);
});

test("an unknown path answers 404", async ({ request }) => {
  const response = await request.get("/this-page-does-not-exist-9f3a/", { maxRedirects: 0 });
  expect(response.status()).toBe(404);
});
