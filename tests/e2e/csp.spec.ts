// The strict Content-Security-Policy in Chromium with everything accepted (identification, analytics and exposures
// against the loopback fakes): one page of each kind, the demo refreshed, the apply page with its frame and the CMS
// admin editing a post, with not one `securitypolicyviolation`. routes.spec.ts checks every page with consent
// rejected. Also: each served header set is the build's.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page, Request } from "@playwright/test";
import { routeFamilies, routes } from "../../src/config/routes";
import { CONSENT_STORAGE_KEY, EVERYTHING } from "../../src/providers/consent/consent";
import { ADMIN_HEADERS, STATIC_HEADERS } from "../../src/security/headers";
import { netlifyHeadersFor } from "../unit/security/support/hosts";
import { expect, test } from "./fixtures";
import { recordViolations, violations } from "./support/csp";
import { routeAdminTo, startDecapServer, type DecapServer } from "./support/decap";
import { allIslandsReady, pageReady } from "./support/ready";
import { fromCountry } from "./support/network";

const root = path.resolve(__dirname, "../..");
const PAGES = [
  ...routes.filter((route) => !route.app).map((route) => route.path),
  ...routeFamilies.map((family) => family.example),
];
/** One page of each kind: the home page, a product, pricing, a form, the job board, support, and each content family. */
const ONE_OF_EACH = [
  "/",
  "/products/bot-detection/",
  "/pricing/",
  "/contact-sales/",
  "/careers/jobs/",
  "/support/",
  "/blog/",
  ...routeFamilies.map((family) => family.example),
];

/** Whether a request is the analytics batch that carries this page's page view. */
const pageViewOf = (pagePath: string) => (request: Request) =>
  new URL(request.url()).pathname === "/2/httpapi" &&
  (request.postData() ?? "").includes(`"page path":${JSON.stringify(pagePath)}`);

/** Loads a page and lets it do everything it does: its islands started, identification and analytics running. */
async function visit(page: Page, pagePath: string): Promise<void> {
  const viewed = page.waitForRequest(pageViewOf(pagePath));
  await page.goto(pagePath);
  await pageReady(page);
  await allIslandsReady(page);
  await viewed;
}

async function acceptEverything(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // Opaque origins (the fake form's frame) have no storage.
      }
    },
    [CONSENT_STORAGE_KEY, JSON.stringify(EVERYTHING)] as const,
  );
}

test.describe("consent accepted", () => {
  test.use({ presetConsent: false });

  for (const pagePath of ONE_OF_EACH) {
    test(`${pagePath}: identification and analytics run, no violation`, async ({
      page,
      context,
    }) => {
      await acceptEverything(context);
      await recordViolations(context);
      // The consent-gated work really runs: identification asks the loopback agent.
      const identified = page.waitForRequest("**/__fake/fingerprint/identify**");
      await visit(page, pagePath);
      await identified;
      expect(await violations(page)).toEqual([]);
    });
  }

  test("the demo identifies, is refreshed, and analytics and exposures are sent", async ({
    page,
    context,
  }) => {
    await acceptEverything(context);
    await recordViolations(context);
    const sent: string[] = [];
    page.on("request", (request) => sent.push(new URL(request.url()).pathname));
    await fromCountry(page, "US");
    await visit(page, "/demo/");
    const panel = page.locator("[data-demo-state]:visible");
    await expect(panel).toHaveAttribute("data-demo-state", "loaded");
    const identified = () => sent.filter((p) => p === "/__fake/fingerprint/identify").length;
    const before = identified();
    await page.getByRole("button", { name: "Identify again" }).click();
    await expect.poll(identified).toBeGreaterThan(before);
    await expect(panel).toHaveAttribute("data-demo-state", "loaded");
    await expect.poll(() => sent.includes("/2/httpapi")).toBe(true);
    await expect.poll(() => sent.includes("/amp-exp/")).toBe(true);
    expect(await violations(page)).toEqual([]);
  });

  test("the apply page, reached from the jobs list, frames the hosted form", async ({
    page,
    context,
  }) => {
    await acceptEverything(context);
    await recordViolations(context);
    // Clicked, not typed: the list's own policy has no frame-src, so the link must load a new document.
    await visit(page, "/careers/jobs/");
    await page.getByRole("link", { name: "Staff Engineer, Browser Signals" }).click();
    await expect(page).toHaveURL(/\/careers\/jobs\/apply\/\?gh_jid=4012345099$/);
    const form = page.frameLocator("iframe[title^='Application form for']");
    await expect(form.getByRole("heading", { name: /Apply for job/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe("the CMS admin", () => {
  // Decap logs its start-up chatter and React warnings as errors; a blocked script or style would
  // show as a violation, which this test counts itself.
  test.use({ allowConsoleErrors: [/./] });
  let cms: DecapServer;

  test.beforeAll(async () => {
    cms = await startDecapServer(root, "csp-cms-");
  });

  test.afterAll(() => cms?.stop());

  test("opens, logs in, previews a post and picks an image for a new one", async ({
    page,
    context,
  }) => {
    test.slow();
    await recordViolations(context);
    await routeAdminTo(page, cms);
    await page.goto("/admin/");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Blog posts").first()).toBeVisible({ timeout: 30_000 });
    await page.goto("/admin/#/collections/blog/entries/credential-stuffing-layered-defense/index");
    const preview = page.frameLocator("iframe").last();
    await expect(preview.locator("h1")).toContainText("Credential stuffing", { timeout: 20_000 });
    expect(await violations(page)).toEqual([]);
    // The media library reads a picked file back from its blob: URL.
    await page.goto("/admin/#/collections/blog/new");
    await page.getByRole("button", { name: "Choose an image" }).first().click();
    await page
      .locator("input[type='file']")
      .last()
      .setInputFiles({
        name: "csp-check.png",
        mimeType: "image/png",
        buffer: Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
          "base64",
        ),
      });
    await expect(page.getByText("csp-check.png").first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe("served headers", () => {
  const headersFile = path.join(root, "public", "_headers");

  test("every route answers with the header set the build wrote for the hosts", async ({
    request,
  }) => {
    const written = fs.readFileSync(headersFile, "utf8");
    for (const pagePath of [...PAGES.filter((p) => p !== "/no-such-page/"), "/admin/"]) {
      const response = await request.get(pagePath);
      const served = response.headers();
      const hosted = netlifyHeadersFor(written, pagePath);
      expect(served["content-security-policy"], pagePath).toBe(hosted["content-security-policy"]);
      // The admin keeps its GitHub login window's opener (ADMIN_HEADERS); Netlify's file says the same.
      const shared = { ...STATIC_HEADERS, ...(pagePath === "/admin/" ? ADMIN_HEADERS : {}) };
      for (const [name, value] of Object.entries(shared)) {
        expect(served[name], `${pagePath} ${name}`).toBe(value);
        expect(hosted[name], `${pagePath} ${name} in _headers`).toBe(value);
      }
      expect(served["server"]).toBeUndefined();
      expect(served["x-powered-by"]).toBeUndefined();
    }
  });
});
