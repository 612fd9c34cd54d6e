// The strict Content-Security-Policy in Chromium: every route, with consent rejected and accepted (identification,
// analytics and exposures against the loopback fakes), the demo refreshed, the apply page with its frame and the
// CMS admin editing a post: not one `securitypolicyviolation`. Also: each served header set is the build's.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { routeFamilies, servedRoutes } from "../../src/config/routes";
import { CONSENT_STORAGE_KEY, EVERYTHING } from "../../src/providers/consent/consent";
import { ADMIN_HEADERS, STATIC_HEADERS } from "../../src/security/headers";
import { netlifyHeadersFor } from "../unit/security/support/hosts";
import { expect, test } from "./fixtures";
import { routeAdminTo, startDecapServer, type DecapServer } from "./support/decap";

const root = path.resolve(__dirname, "../..");
const PAGES = [
  ...servedRoutes.filter((route) => !route.app).map((route) => route.path),
  ...routeFamilies.map((family) => family.example),
  "/no-such-page/",
];
/** Pages per test: enough to keep the run short, few enough that a failure names its page quickly. */
const CHUNK = 10;
const chunks = Array.from({ length: Math.ceil(PAGES.length / CHUNK) }, (_, i) =>
  PAGES.slice(i * CHUNK, (i + 1) * CHUNK),
);

type Violation = { directive: string; blocked: string; source: string; sample: string };
type Recorded = Window & { __cspViolations?: Violation[] };

/** Listens in every document and frame from its first script on, before the page's own. */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as Recorded;
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      w.__cspViolations?.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
}

/** Violations seen so far in the page and all of its frames (the application form's included). */
async function violations(page: Page): Promise<Array<Violation & { frame: string }>> {
  const all: Array<Violation & { frame: string }> = [];
  for (const frame of page.frames()) {
    const seen = await frame
      .evaluate(() => (window as Recorded).__cspViolations ?? [])
      .catch(() => [] as Violation[]);
    all.push(...seen.map((v) => ({ ...v, frame: frame.url() })));
  }
  return all;
}

/**
 * Loads a page and lets it do everything it does: lazy sections, idle work, consent-gated SDKs. With
 * analytics on, the network may never go quiet for long; the wait then ends at its own limit.
 */
async function visit(page: Page, pagePath: string): Promise<void> {
  const settle = () => page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  await page.goto(pagePath);
  await settle();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await settle();
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

test.describe("consent rejected", () => {
  for (const [index, pages] of chunks.entries()) {
    test(`pages ${index * CHUNK + 1}-${index * CHUNK + pages.length}: no violation`, async ({
      page,
      context,
    }) => {
      test.setTimeout(pages.length * 15_000);
      await recordViolations(context);
      for (const pagePath of pages) {
        await visit(page, pagePath);
        expect(await violations(page), pagePath).toEqual([]);
      }
    });
  }
});

test.describe("consent accepted", () => {
  test.use({ presetConsent: false });

  for (const [index, pages] of chunks.entries()) {
    test(`pages ${index * CHUNK + 1}-${index * CHUNK + pages.length}: no violation`, async ({
      page,
      context,
    }) => {
      test.setTimeout(pages.length * 15_000);
      await acceptEverything(context);
      await recordViolations(context);
      const sent: string[] = [];
      page.on("request", (request) => sent.push(new URL(request.url()).pathname));
      for (const pagePath of pages) {
        await visit(page, pagePath);
        expect(await violations(page), pagePath).toEqual([]);
      }
      // The consent-gated work really ran: identification asked the loopback agent.
      expect(sent).toContain("/__fake/fingerprint/identify");
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
    await page.setExtraHTTPHeaders({ "x-country": "US" });
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
