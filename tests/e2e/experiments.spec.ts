// The /contact-sales/ A/B test: each assigned variant is the one painted, with no layout shift.
import { EXPERIMENTS } from "../../src/config/experiments";
import { FLAGS_STORAGE_KEY } from "../../src/providers/experiments/flags";
import { expect, test } from "./fixtures";

// This spec is about assignment itself, so nothing is preset.
test.use({ presetFlags: false });

async function visitWith(page: import("@playwright/test").Page, variant: "control" | "treatment") {
  const flags = Object.fromEntries(
    EXPERIMENTS.map((key) => [key, key === "contact-sales" ? variant : "control"]),
  );
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
      const w = window as unknown as { __cls: number; __shifts: string[] };
      w.__cls = 0;
      w.__shifts = [];
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }>;
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          w.__cls += entry.value;
          for (const source of entry.sources ?? []) {
            const el = source.node as Element | null;
            w.__shifts.push(
              `${el?.nodeName ?? "?"}.${String(el?.className ?? "").slice(0, 30)} "${(el?.textContent ?? "").slice(0, 30)}" y ${source.previousRect.y}→${source.currentRect.y} h ${source.previousRect.height}→${source.currentRect.height}`,
            );
          }
        }
      }).observe({ type: "layout-shift", buffered: true });
    },
    [FLAGS_STORAGE_KEY, JSON.stringify(flags)] as const,
  );
  await page.goto("/contact-sales/");
  await page.waitForLoadState("networkidle");
}

async function expectNoShift(page: import("@playwright/test").Page) {
  const { cls, shifts } = await page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
  expect(cls, shifts.join("\n")).toBe(0);
}

test("control paints variant A only, without layout shift", async ({ page }) => {
  await visitWith(page, "control");
  await expect(page.locator("html")).toHaveAttribute("data-ab-contact-sales", "control");
  await expect(page.locator('[data-ab-variant="contact-sales:control"]')).toBeVisible();
  await expect(page.locator('[data-ab-variant="contact-sales:treatment"]')).toBeHidden();
  await expect(page.locator("h1:visible")).toHaveCount(1);
  await expectNoShift(page);
});

test("treatment paints variant B only, without layout shift", async ({ page }) => {
  await visitWith(page, "treatment");
  await expect(page.locator("html")).toHaveAttribute("data-ab-contact-sales", "treatment");
  await expect(page.locator('[data-ab-variant="contact-sales:treatment"]')).toBeVisible();
  await expect(page.locator('[data-ab-variant="contact-sales:control"]')).toBeHidden();
  await expect(page.locator("h1:visible")).toHaveCount(1);
  await expectNoShift(page);
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

for (const [experiment, path, variantPath] of [
  ["home", "/", "/home-b/"],
  ["pricing", "/pricing/", "/pricing-b/"],
  ["demo", "/demo/", "/demo-b/"],
] as const) {
  test(`the ${experiment} experiment's assignment picks the page at ${path}; ${variantPath} still answers`, async ({
    page,
    request,
  }) => {
    const headingOf = async (url: string) => {
      await page.goto(url);
      return (await page.locator("h1:visible").textContent())?.trim() ?? "";
    };
    const treatmentHeading = await headingOf(variantPath);
    for (const variant of ["control", "treatment"] as const) {
      const flags = Object.fromEntries(
        EXPERIMENTS.map((key) => [key, key === experiment ? variant : "control"]),
      );
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
        FLAGS_STORAGE_KEY,
        JSON.stringify(flags),
      ] as const);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute(`data-ab-${experiment}`, variant);
      await expect(page.locator("h1:visible")).toHaveCount(1);
      if (variant === "treatment")
        await expect(page.locator("h1:visible")).toHaveText(treatmentHeading);
      else await expect(page.locator("h1:visible")).not.toHaveText(treatmentHeading);
    }
    expect((await request.get(variantPath)).status()).toBe(200);
  });
}
