// The A/B pages (/, /pricing/, /demo/, /contact-sales/): each assigned variant is the one painted, with one
// <h1> in the HTML whichever variant shows, and no layout shift.
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { EXPERIMENTS, type ExperimentKey } from "../../src/config/experiments";
import { fillPlaceholders } from "../../src/data/content";
import { FLAGS_STORAGE_KEY } from "../../src/providers/experiments/flags";
import { expect, test } from "./fixtures";
import { readyAndQuiet } from "./support/ready";
import { layoutShifts, recordLayoutShifts } from "./support/layoutShift";

// This spec is about assignment itself, so nothing is preset.
test.use({ presetFlags: false });

const root = path.resolve(__dirname, "../..");
/** The hero title a content file opens with, placeholders filled as the build fills them. */
const heroTitle = (file: string) =>
  fillPlaceholders(
    (parse(fs.readFileSync(path.join(root, file), "utf8")) as { sections: { title: string }[] })
      .sections[0]?.title ?? "",
  );

/** Each A/B page: its experiment and the content files of its control and treatment. */
const AB_PAGES = [
  ["home", "/", "content/pages/home.yml", "content/pages/home-b.yml"],
  [
    "pricing",
    "/pricing/",
    "content/pages/conversion/pricing.yml",
    "content/pages/conversion/pricing-b.yml",
  ],
  ["demo", "/demo/", "content/pages/conversion/demo.yml", "content/pages/conversion/demo-b.yml"],
  [
    "contact-sales",
    "/contact-sales/",
    "content/pages/conversion/contact-sales-a.yml",
    "content/pages/conversion/contact-sales-b.yml",
  ],
] as const;

async function visitWith(
  page: import("@playwright/test").Page,
  variant: "control" | "treatment",
  experiment: ExperimentKey = "contact-sales",
  url = "/contact-sales/",
) {
  const flags = Object.fromEntries(
    EXPERIMENTS.map((key) => [key, key === experiment ? variant : "control"]),
  );
  await recordLayoutShifts(page);
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    FLAGS_STORAGE_KEY,
    JSON.stringify(flags),
  ] as const);
  const response = await page.goto(url);
  await readyAndQuiet(page);
  return (await response?.text()) ?? "";
}

async function expectNoShift(page: import("@playwright/test").Page) {
  const { cls, shifts } = await layoutShifts(page);
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

for (const [experiment, url, controlFile, treatmentFile] of AB_PAGES) {
  for (const variant of ["control", "treatment"] as const) {
    test(`${url} as ${experiment} ${variant}: one <h1> in the HTML, the variant's title shown, no layout shift`, async ({
      page,
    }) => {
      const html = await visitWith(page, variant, experiment, url);
      const inHtml = await page.evaluate(
        (text) => new DOMParser().parseFromString(text, "text/html").querySelectorAll("h1").length,
        html,
      );
      expect(inHtml, "<h1> elements in the page's HTML").toBe(1);
      await expect(page.locator("html")).toHaveAttribute(`data-ab-${experiment}`, variant);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toHaveText(
        heroTitle(variant === "control" ? controlFile : treatmentFile),
      );
      await expectNoShift(page);
    });
  }
}

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
