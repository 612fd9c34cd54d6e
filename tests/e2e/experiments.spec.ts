// The /contact-sales/ A/B test: each assigned variant is the one painted, with no layout shift.
import { EXPERIMENTS, FLAGS_STORAGE_KEY } from "../../src/providers/experiments/flags";
import { expect, test } from "./fixtures";

async function visitWith(page: import("@playwright/test").Page, variant: "control" | "treatment") {
  const flags = Object.fromEntries(
    EXPERIMENTS.map((key) => [key, key === "contact-sales" ? variant : "control"]),
  );
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    },
    [FLAGS_STORAGE_KEY, JSON.stringify(flags)] as const,
  );
  await page.goto("/contact-sales/");
  await page.waitForLoadState("networkidle");
}

test("control paints variant A only, without layout shift", async ({ page }) => {
  await visitWith(page, "control");
  await expect(page.locator("html")).toHaveAttribute("data-ab-contact-sales", "control");
  await expect(page.locator('[data-ab-variant="contact-sales:control"]')).toBeVisible();
  await expect(page.locator('[data-ab-variant="contact-sales:treatment"]')).toBeHidden();
  await expect(page.locator("h1:visible")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
});

test("treatment paints variant B only, without layout shift", async ({ page }) => {
  await visitWith(page, "treatment");
  await expect(page.locator("html")).toHaveAttribute("data-ab-contact-sales", "treatment");
  await expect(page.locator('[data-ab-variant="contact-sales:treatment"]')).toBeVisible();
  await expect(page.locator('[data-ab-variant="contact-sales:control"]')).toBeHidden();
  await expect(page.locator("h1:visible")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
});

test("the two variants carry different copy", async ({ page }) => {
  await visitWith(page, "control");
  const a = await page.locator("h1:visible").textContent();
  await page.evaluate((key) => window.localStorage.removeItem(key), FLAGS_STORAGE_KEY);
  await visitWith(page, "treatment");
  const b = await page.locator("h1:visible").textContent();
  expect(a).toBeTruthy();
  expect(b).toBeTruthy();
  expect(a).not.toBe(b);
});

test("a first visit assigns and stores every experiment", async ({ page }) => {
  await page.goto("/");
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), FLAGS_STORAGE_KEY);
  const flags = JSON.parse(stored ?? "{}") as Record<string, string>;
  expect(Object.keys(flags).sort()).toEqual([...EXPERIMENTS].sort());
  for (const value of Object.values(flags)) expect(["control", "treatment"]).toContain(value);
});
