// Existing entries saved through the admin's form, as a marketer edits them: one label in Site settings
// (the navigation), a page's title and an author's role. Each save goes through Decap's validation of the
// whole entry (every field, however deep), then decap-server writes the file; the test reads it back from
// disk (a temporary copy of content/, never the repository's own files). Before the navigation's address
// pattern allowed {productSlug} inside a site path, the first test stopped at a validation error. A redirect
// that would write a host rule (a forced 200, a function's path) is refused at its field and nothing is written.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { parse } from "yaml";
import { authorSchema, parseContent } from "../../src/data/blogSchema";
import { fillPlaceholders } from "../../src/data/content";
import { navigationSchema } from "../../src/data/navigationSchema";
import { marketingPageSchema } from "../../src/data/sectionSchemas";
import { expect, test } from "./fixtures";
import { openAdmin, startDecapServer, type DecapServer } from "./support/decap";

const root = path.resolve(__dirname, "../..");
let cms: DecapServer;

test.use({
  // Decap logs its own start-up chatter and React warnings as errors; none of them is a site error.
  allowConsoleErrors: [/./],
});

test.beforeAll(async () => {
  cms = await startDecapServer(root, "cms-save-");
});
test.afterAll(() => cms?.stop());

const read = (file: string) =>
  parse(fs.readFileSync(path.join(cms.workdir, file), "utf8")) as Record<string, unknown>;

const VALIDATION_ERROR = /is required\.|didn't match the pattern|must (be|have)/;

/** Publishes the open entry (the local fs backend publishes at once) and waits until the file changed. */
async function publishAndWait(page: Page, file: string, before: string) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  const full = path.join(cms.workdir, file);
  const written = await expect
    .poll(() => fs.readFileSync(full, "utf8") !== before, { timeout: 20_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  // Decap marks each refused field in the form (inside collapsed list items too): name them.
  const errors = await page.getByText(VALIDATION_ERROR).allTextContents();
  expect(errors, `the admin refused to save ${file}`).toEqual([]);
  expect(written, `${file} was not written`).toBe(true);
  await expect(page.getByRole("button", { name: "Published", exact: true })).toBeVisible();
}

/** Expands the list item whose summary reads `summary` and returns it. */
async function expandItem(page: Page, summary: string) {
  const item = page.getByText(summary, { exact: true }).first().locator("..");
  await item.locator("button").first().click();
  return item;
}

test("a label in Site settings (the navigation) saves, and the file on disk changes only there", async ({
  page,
}) => {
  test.slow();
  const file = "content/settings/navigation.yml";
  const text = fs.readFileSync(path.join(cms.workdir, file), "utf8");
  const before = read(file);
  await openAdmin(page, cms);
  await page.goto("/admin/#/collections/settings/entries/navigation");
  const menu = await expandItem(page, "developers");
  const title = menu.locator("input[id^='title-field']").first();
  await expect(title).toHaveValue("Developers");
  await title.fill("Builders");
  await publishAndWait(page, file, text);
  const after = read(file);
  const menus = structuredClone(before["menus"]) as { title: string }[];
  (menus[0] as { title: string }).title = "Builders";
  expect(after).toEqual({ ...before, menus });
  // What the admin wrote is a navigation the build accepts, the product links included.
  expect(() => parseContent(navigationSchema, fillPlaceholders(after), file)).not.toThrow();
  expect(JSON.stringify(after)).toContain("/products/{productSlug}-pro/");
  expect(fs.readFileSync(path.join(root, file), "utf8")).toContain("    title: Developers\n");
});

test("a page's title saves, and the file on disk changes only there", async ({ page }) => {
  test.slow();
  const file = "content/pages/company/about-us.yml";
  const text = fs.readFileSync(path.join(cms.workdir, file), "utf8");
  const before = read(file);
  await openAdmin(page, cms);
  await page.goto("/admin/#/collections/pages-company/entries/about-us");
  const title = page.locator("input[id^='title-field']").first();
  await expect(title).toHaveValue("About {product} Labs");
  await title.fill("About {product} Labs and its people");
  await publishAndWait(page, file, text);
  const after = read(file);
  expect(after).toEqual({ ...before, title: "About {product} Labs and its people" });
  expect(() => parseContent(marketingPageSchema, fillPlaceholders(after), file)).not.toThrow();
});

test("an author's role saves, and the file on disk changes only there", async ({ page }) => {
  test.slow();
  const file = "content/authors/maya-okafor.yml";
  const text = fs.readFileSync(path.join(cms.workdir, file), "utf8");
  const before = read(file);
  await openAdmin(page, cms);
  await page.goto("/admin/#/collections/authors/entries/maya-okafor");
  const role = page.locator("input[id^='role-field']").first();
  await expect(role).toHaveValue("Head of Fraud Research");
  await role.fill("Director of Fraud Research");
  await publishAndWait(page, file, text);
  const after = read(file);
  expect(after).toEqual({ ...before, role: "Director of Fraud Research" });
  expect(() => parseContent(authorSchema, after, file)).not.toThrow();
  // Still the same file: an existing entry keeps its slug (and its photo beside it).
  expect(fs.existsSync(path.join(cms.workdir, "content/authors/maya-okafor.png"))).toBe(true);
});

test("a redirect that would write a host rule is refused at its field, and the file stays as it was", async ({
  page,
}) => {
  test.slow();
  const file = "content/settings/redirects.yml";
  const text = fs.readFileSync(path.join(cms.workdir, file), "utf8");
  await openAdmin(page, cms);
  await page.goto("/admin/#/collections/settings/entries/redirects");
  await expandItem(page, "/demo-request/");
  // The file's first redirect, now open.
  const from = page.locator("input[id^='from-field']").first();
  const to = page.locator("input[id^='to-field']").first();
  await expect(from).toHaveValue("/demo-request/");
  await expect(to).toHaveValue("/contact-sales/");
  const refusedAt = (label: string) =>
    page.getByText(new RegExp(`^${label} didn't match the pattern`));
  // Decap keeps the caret where it was when a refused field re-renders, so a plain fill can append:
  // select everything first, then type over it.
  const set = async (input: typeof from, value: string) => {
    await input.selectText();
    await input.fill(value);
    await expect(input).toHaveValue(value);
  };
  const publish = async () => {
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("menuitem", { name: "Publish now" }).click();
  };
  // A forced 200 serving another site: refused at its field, nothing written.
  await set(to, "https://evil.example/ 200!");
  await publish();
  await expect(refusedAt("To")).toBeVisible();
  await expect(refusedAt("From")).toHaveCount(0);
  // A lead form's path as the old address, the target good again: refused at its own field.
  await set(to, "/contact-sales/");
  await set(from, "/api/hubspot/");
  await publish();
  await expect(refusedAt("From")).toBeVisible();
  await expect(refusedAt("To")).toHaveCount(0);
  expect(fs.readFileSync(path.join(cms.workdir, file), "utf8")).toBe(text);
  // A target with a character outside ASCII is a value like any other: saved as typed, encoded by the build.
  await set(from, "/demo-request/");
  await set(to, "/contact-sales/?ref=✓");
  await publishAndWait(page, file, text);
  expect((read(file)["redirects"] as unknown[])[0]).toEqual({
    from: "/demo-request/",
    to: "/contact-sales/?ref=✓",
  });
});
