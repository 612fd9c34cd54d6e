// The content admin at /admin/ in Chromium, against a real decap-server on loopback editing a
// temporary copy of content/ (the repo's own content stays untouched): log in with the local
// backend, write a post with a slug and an uploaded hero, publish it and find it on disk with
// frontmatter the build accepts; preview existing entries with the site's views, the navigation
// file with the site's header and footer.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { postFrontmatterSchema } from "../../src/data/blogSchema";
import { parseHtml } from "../../src/data/parseHtml";
import { expect, test } from "./fixtures";
import { readyAndQuiet } from "./support/ready";
import { openAdmin as openAdminOn, startDecapServer, type DecapServer } from "./support/decap";

const root = path.resolve(__dirname, "../..");
/** A 1×1 PNG, uploaded as a post's hero. */
const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
let cms: DecapServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  cms = await startDecapServer(root, "cms-e2e-");
});

test.afterAll(() => cms?.stop());

/** The preview pane's frame (one entry per test: Decap keeps the first entry's form across collections). */
const previewOf = (page: import("@playwright/test").Page) =>
  page.frameLocator("iframe#preview-pane, iframe[class*='PreviewPaneFrame'], iframe").last();

const openAdmin = (page: import("@playwright/test").Page) => openAdminOn(page, cms);

test.use({
  // Decap logs its own start-up chatter and React warnings as errors; none of them is a site error.
  allowConsoleErrors: [/./],
});

test("the admin page is the CMS, marked robots none, with no identity widget, its bundle pinned by integrity", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/admin/")).text();
  expect(html).toMatch(/<meta name="robots" content="none"/);
  expect(html).not.toContain("netlify-identity-widget");
  // The admin has the widest policy of the site ('unsafe-eval'): each of its own script tags carries the
  // Subresource Integrity of the bytes served for it.
  const tags = parseHtml(html).filter((el) => el.name === "script" && el.attributes["src"]);
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) {
    const bytes = await (
      await request.get(new URL(tag.attributes["src"] ?? "", "http://x/admin/").pathname)
    ).body();
    const digest = createHash("sha384").update(bytes).digest("base64");
    expect(tag.attributes["integrity"], tag.attributes["src"]).toBe(`sha384-${digest}`);
  }
  // The site's own pages, the home page and a post, never load the CMS bundle or the identity widget.
  for (const sitePage of ["/", "/blog/credential-stuffing-layered-defense/"]) {
    const loaded: string[] = [];
    const onResponse = (response: { url(): string }) => loaded.push(response.url());
    page.on("response", onResponse);
    await page.goto(sitePage);
    await readyAndQuiet(page);
    page.off("response", onResponse);
    const scripts = await page
      .locator("script[src]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("src") ?? ""));
    expect(scripts.length, sitePage).toBeGreaterThan(0);
    expect(
      scripts.filter((src) => /cms|identity/.test(src)),
      sitePage,
    ).toEqual([]);
    expect(
      loaded.filter((url) => /\.js(\?|$)/.test(url) && /cms|decap|identity/i.test(url)),
      sitePage,
    ).toEqual([]);
  }
});

test("a marketer writes and publishes a post; the markdown lands in content/ with its frontmatter", async ({
  page,
}) => {
  test.slow();
  await openAdmin(page);
  await page.goto("/admin/#/collections/blog/new");
  await page
    .locator("input[id^='title-field']")
    .first()
    .fill("Device signals for checkout reviews");
  // The slug field names the folder; its pattern refuses what the build would refuse.
  await page.locator("input[id^='slug-field']").fill("device-signals-for-checkout-reviews");
  await page
    .locator("textarea[id^='description-field']")
    .fill("How review teams use device signals to clear good orders faster and hold risky ones.");
  await page.getByRole("button", { name: "Now" }).first().click();
  // The preview pane is the site's post view (its breadcrumb and styled title), not Decap's raw field list.
  const preview = previewOf(page);
  await expect(preview.locator("h1")).toContainText("Device signals for checkout reviews", {
    timeout: 20_000,
  });
  await expect(preview.locator("nav[aria-label='Breadcrumb']")).toBeVisible();
  // Relation widgets (react-select): type to search, then pick the option.
  for (const [field, choice] of [
    ["authors", "Maya"],
    ["tags", "Payment fraud"],
  ] as const) {
    const input = page.locator(`input[id^='${field}-field']`);
    await input.click();
    await input.fill(choice);
    await page
      .getByText(choice === "Maya" ? "Maya Okafor" : "Payment fraud", { exact: true })
      .last()
      .click();
  }
  const body = page.locator("[contenteditable='true']").last();
  await body.click();
  await page.keyboard.type("Review queues fill up when every order looks the same.");
  // Upload a hero through the media library; it is stored beside the post.
  await page.getByRole("button", { name: "Choose an image" }).first().click();
  await page.locator("input[type='file']").last().setInputFiles({
    name: "checkout-hero.png",
    mimeType: "image/png",
    buffer: tinyPng,
  });
  await expect(page.getByText("checkout-hero.png").first()).toBeVisible();
  const chooseSelected = page.getByRole("button", { name: "Choose selected" });
  if (!(await chooseSelected.isEnabled()))
    await page.getByText("checkout-hero.png").first().click();
  await chooseSelected.click();
  // The hero field holds the upload now; an upload that failed would leave "Choose an image" here.
  await expect(page.getByRole("button", { name: "Choose different image" }).first()).toBeVisible();
  await expect(preview.locator("picture img, img").first()).toBeVisible();
  // Without the hero's alternative text, saving stops and says why.
  await page.getByRole("button", { name: "Publish" }).first().click();
  await page.getByText("Publish now").click();
  await expect(page.getByText(/Hero alt is required with a hero image/)).toBeVisible();
  const folder = path.join(cms.workdir, "content/blog/device-signals-for-checkout-reviews");
  expect(fs.existsSync(path.join(folder, "index.md"))).toBe(false);
  await page
    .locator("textarea[id^='heroAlt-field'], input[id^='heroAlt-field']")
    .first()
    .fill("A review queue with one order flagged");
  await page.getByRole("button", { name: "Publish" }).first().click();
  await page.getByText("Publish now").click();
  const file = path.join(folder, "index.md");
  await expect.poll(() => fs.existsSync(file), { timeout: 20_000 }).toBe(true);
  const text = fs.readFileSync(file, "utf8");
  const [, frontmatter = "", markdown = ""] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const data = parse(frontmatter) as Record<string, unknown>;
  expect(data).toMatchObject({
    title: "Device signals for checkout reviews",
    slug: "device-signals-for-checkout-reviews",
    authors: ["maya-okafor"],
    tags: ["payment-fraud"],
    heroAlt: "A review queue with one order flagged",
  });
  // The hero as Decap writes it (no "./" with an empty public folder), and the file beside the post.
  expect(data["hero"]).toMatch(/^(\.\/)?checkout-hero\.png$/);
  // decap-server writes the post and its media in separate calls: the image may land just after the post.
  const hero = path.join(folder, path.basename(String(data["hero"])));
  await expect.poll(() => fs.existsSync(hero), { timeout: 20_000 }).toBe(true);
  expect(fs.readFileSync(hero).length).toBe(tinyPng.length);
  expect(markdown).toContain("Review queues fill up");
  // What the admin wrote is a post the build accepts.
  const checked = postFrontmatterSchema.safeParse(data);
  expect(checked.error?.issues ?? []).toEqual([]);
  // The repository's own content is untouched.
  expect(fs.existsSync(path.join(root, "content/blog/device-signals-for-checkout-reviews"))).toBe(
    false,
  );
});

test("an existing post previews with the site's view and styles", async ({ page }) => {
  test.slow();
  await openAdmin(page);
  await page.goto("/admin/#/collections/blog/entries/credential-stuffing-layered-defense/index");
  const preview = page
    .frameLocator("iframe#preview-pane, iframe[class*='PreviewPaneFrame'], iframe")
    .last();
  const heading = preview.locator("h1");
  await expect(heading).toContainText("Credential stuffing: a layered defence", {
    timeout: 20_000,
  });
  // The site's styles reached the iframe: the heading uses the theme's ink colour, not the default black.
  const color = await heading.evaluate((node) => getComputedStyle(node).color);
  expect(color).not.toBe("rgb(0, 0, 0)");
  await expect(preview.locator("nav[aria-label='Breadcrumb'], nav").first()).toBeVisible();
});

test("a post preview shows the hero, table of contents, highlighted code and names, not keys", async ({
  page,
}) => {
  test.slow();
  await openAdmin(page);
  await page.goto("/admin/#/collections/blog/entries/tutorial-block-checkout-bots/index");
  const preview = page
    .frameLocator("iframe#preview-pane, iframe[class*='PreviewPaneFrame'], iframe")
    .last();
  await expect(preview.locator("h1")).toContainText("block automated checkout bots", {
    timeout: 20_000,
  });
  await expect(preview.locator("picture img").first()).toHaveAttribute("alt", /automated traffic/);
  const toc = preview.getByRole("navigation", { name: "On this page" });
  await expect(toc.getByRole("link", { name: "2. Apply it in the route" })).toHaveAttribute(
    "href",
    "#2-apply-it-in-the-route",
  );
  await expect(preview.locator('[id="2-apply-it-in-the-route"] > a.heading-anchor')).toHaveCount(1);
  await expect(preview.locator(".gatsby-highlight .token.keyword").first()).toBeVisible();
  await expect(preview.getByRole("link", { name: "Hannah Lindqvist" }).first()).toBeVisible();
  await expect(preview.locator("body")).not.toContainText("hannah-lindqvist");
  await expect(preview.locator("body")).not.toContainText("{product}");
});

test("a webinar previews with the site's webinar view, form slot included", async ({ page }) => {
  test.slow();
  await openAdmin(page);
  await page.goto("/admin/#/collections/webinars/entries/credential-stuffing-2025");
  const preview = previewOf(page);
  await expect(preview.locator("h1")).toContainText("Credential stuffing in 2025", {
    timeout: 20_000,
  });
  await expect(preview.getByRole("heading", { name: "Speakers" })).toBeVisible();
  await expect(preview.locator("[data-webinar-form-slot='WebinarForm']")).toHaveCount(1);
});

test("an author previews as the site's author page, photo included", async ({ page }) => {
  test.slow();
  await openAdmin(page);
  await page.goto("/admin/#/collections/authors/entries/maya-okafor");
  const preview = previewOf(page);
  await expect(preview.locator("h1")).toHaveText("Articles by Maya Okafor", { timeout: 20_000 });
  await expect(preview.locator("picture img[alt='Maya Okafor']")).toBeVisible();
  await expect(preview.locator("body")).not.toContainText("{product}");
});

test("a tag previews as the site's tag page", async ({ page }) => {
  test.slow();
  await openAdmin(page);
  await page.goto("/admin/#/collections/tags/entries/guides");
  await expect(previewOf(page).locator("h1")).toHaveText("Guides", { timeout: 20_000 });
});

test("the navigation file previews with the site's header and footer, showing a label changed in the file", async ({
  page,
}) => {
  test.slow();
  // A marketer's change, made in the content copy decap-server edits.
  const file = path.join(cms.workdir, "content/settings/navigation.yml");
  const text = fs.readFileSync(file, "utf8");
  expect(text).toContain("    title: Developers\n");
  fs.writeFileSync(file, text.replace("    title: Developers\n", "    title: Builders\n"));
  await openAdmin(page);
  await page.goto("/admin/#/collections/settings/entries/navigation");
  const preview = previewOf(page);
  const opened = preview.getByRole("main", { name: "Header menus, opened" });
  await expect(opened.getByRole("heading", { name: "Builders" })).toBeVisible({ timeout: 20_000 });
  await expect(opened.getByRole("heading", { name: "Developers" })).toHaveCount(0);
  // The site's own header: its menu button carries the new label (the desktop bar is hidden at
  // the pane's width, the markup is the same).
  await expect(
    preview.locator('nav[aria-label="Main"] button[aria-controls="menu-developers"]'),
  ).toHaveText("Builders");
  await expect(
    preview.getByRole("contentinfo").getByRole("link", { name: "LinkedIn" }),
  ).toBeVisible();
  await expect(preview.locator("body")).not.toContainText("{docsUrl}");
});
