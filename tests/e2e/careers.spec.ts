// Careers: the live job list (through the site's proxy to a fake Greenhouse), filters in the URL,
// the apply page, bad links, the error state with retry, and the service-status indicator.
import { site } from "../../src/config/site";
import { checkA11y, expect, test } from "./fixtures";
import { fakeApiUrl, fakesOrigin, setFakeStatus } from "./support/fakes";
import { hydrated } from "./support/hydration";
import { layoutShifts, recordLayoutShifts } from "./support/layoutShift";

test.use({ allowConsoleErrors: allow() });

/**
 * Option value for `allowConsoleErrors`, always in Playwright's [value, options] form: a bare array
 * whose second item is a RegExp (an object) would be read as that form and lose the list.
 */
function allow(...patterns: RegExp[]): [RegExp[], { scope: "test" }] {
  return [patterns, { scope: "test" }];
}

const HOSTILE_JOB = "4012345099";
const TOTAL_ROLES = 9;

test.describe("jobs list", () => {
  test("loads the roles grouped by department", async ({ page }) => {
    await page.goto("/careers/jobs/");
    await expect(page.getByRole("heading", { level: 1, name: "Open roles" })).toBeVisible();
    await expect(page.getByTestId("job-group")).toHaveCount(5);
    await expect(page.getByTestId("job-group").locator("h2")).toHaveText([
      "Customer Support",
      "Engineering",
      "Marketing",
      "Research",
      "Sales",
    ]);
    await expect(page.getByText(`${TOTAL_ROLES} open roles`)).toBeVisible();
    await expect(page.getByTestId("sample-note")).toHaveCount(0);
    await checkA11y(page);
  });

  test("filters by department and location, and the URL keeps them", async ({ page }) => {
    await page.goto("/careers/jobs/");
    await page.getByLabel("Department").selectOption("engineering");
    await expect(page).toHaveURL(/\/careers\/jobs\/\?department=engineering$/);
    await expect(page.getByTestId("job-group").locator("h2")).toHaveText(["Engineering"]);
    await expect(page.getByText(`4 of ${TOTAL_ROLES} roles`)).toBeVisible();

    await page.getByLabel("Location").selectOption("remote-europe");
    await expect(page).toHaveURL(/\?department=engineering&location=remote-europe$/);
    await expect(page.getByTestId("job-group").getByRole("listitem")).toHaveCount(3);

    // The filtered URL is shareable: a fresh load shows the same selection.
    await page.reload();
    await expect(page.getByLabel("Department")).toHaveValue("engineering");
    await expect(page.getByLabel("Location")).toHaveValue("remote-europe");
    await expect(page.getByTestId("job-group").getByRole("listitem")).toHaveCount(3);

    await page.getByLabel("Department").selectOption("");
    await expect(page).toHaveURL(/\/careers\/jobs\/\?location=remote-europe$/);
    await expect(page.getByTestId("job-group").locator("h2")).toHaveText([
      "Engineering",
      "Research",
    ]);
  });

  test("a filter that matches nothing shows the empty state and can be cleared", async ({
    page,
  }) => {
    await page.goto("/careers/jobs/?department=legal");
    await expect(page.getByRole("heading", { name: "No roles match these filters" })).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/careers\/jobs\/$/);
    await expect(page.getByTestId("job-group")).toHaveCount(5);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
    // Tall enough to see what follows the list while it loads: the case a short skeleton gets wrong.
    { width: 1280, height: 2000 },
  ]) {
    test(`the list replaces its skeleton without a layout shift (${viewport.width}×${viewport.height}, slow answer)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      // Every layout shift of the page's life, as the browser reports it to CLS.
      await recordLayoutShifts(page);
      const settledShifts = async () => (await layoutShifts(page)).values;
      let release: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/[?&]action=listings/, async (route) => {
        await answered;
        await route.continue();
      });
      await page.goto("/careers/jobs/");
      const skeleton = page.getByTestId("jobs-loading");
      await expect(skeleton).toBeVisible();
      // The skeleton is React's (hydrated or rendered by the lazy section) and the fonts are in: what
      // is left to move the page is the swap. Only what the swap itself moves counts here: earlier
      // shifts belong to the whole page's CLS, which the Lighthouse benchmark measures.
      await hydrated(skeleton);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const before = (await settledShifts()).length;
      release();
      await expect(page.getByTestId("job-group")).toHaveCount(5);
      await expect(skeleton).toHaveCount(0);
      expect((await settledShifts()).slice(before)).toEqual([]);
    });
  }
});

test.describe("upstream failure on the jobs list", () => {
  // The simulated 502 is logged by the browser as a failed resource load.
  test.use({ allowConsoleErrors: allow(/status of 502.*\/greenhouse\/\?action=listings/) });

  test("an upstream failure shows the error state, and retry loads the list", async ({ page }) => {
    let calls = 0;
    await page.route("**/greenhouse/?action=listings", async (route) => {
      calls += 1;
      if (calls === 1) {
        await route.fulfill({
          status: 502,
          contentType: "application/json",
          body: JSON.stringify({
            error: {
              code: "upstream_unavailable",
              message: "The job board is not available right now.",
            },
          }),
        });
      } else {
        await route.continue();
      }
    });
    await page.goto("/careers/jobs/");
    const error = page.getByTestId("jobs-error");
    await expect(error).toBeVisible();
    await expect(
      error.getByRole("heading", { name: "We couldn’t load the open roles" }),
    ).toBeVisible();
    await error.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("job-group")).toHaveCount(5);
    await expect(error).toHaveCount(0);
    expect(calls).toBe(2);
  });
});

test.describe("apply page", () => {
  test("shows a role with its sanitized description, the hosted form and JobPosting data", async ({
    page,
  }) => {
    await page.goto("/careers/jobs/");
    await page.getByRole("link", { name: "Staff Engineer, Browser Signals" }).click();
    await expect(page).toHaveURL(new RegExp(`/careers/jobs/apply/\\?gh_jid=${HOSTILE_JOB}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: "Staff Engineer, Browser Signals" }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Staff Engineer, Browser Signals/);

    const description = page.getByTestId("job-description");
    await expect(description).toContainText("Join the signals team & help.");
    await expect(description.getByRole("link", { name: "about the team" })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    expect(await description.innerHTML()).not.toMatch(/<script|onclick|onerror|javascript:|<img/i);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

    const form = page.frameLocator(
      `iframe[title="Application form for Staff Engineer, Browser Signals"]`,
    );
    await expect(page.locator("iframe")).toHaveAttribute(
      "src",
      `${fakesOrigin}/embed/job_app?for=acme&token=${HOSTILE_JOB}`,
    );
    await expect(form.getByRole("heading", { name: `Apply for job ${HOSTILE_JOB}` })).toBeVisible();

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      "@type": "JobPosting",
      title: "Staff Engineer, Browser Signals",
      hiringOrganization: { name: "Acme" },
      jobLocationType: "TELECOMMUTE",
    });
    await checkA11y(page);
  });

  for (const [name, query] of [
    ["a missing gh_jid", ""],
    ["a malformed gh_jid", "?gh_jid=abc%3Cscript%3E"],
  ] as const) {
    test(`${name} returns to the list with a message`, async ({ page }) => {
      await page.goto(`/careers/jobs/apply/${query}`);
      await expect(page).toHaveURL(/\/careers\/jobs\/$/);
      await expect(page.getByTestId("jobs-notice")).toHaveText(
        "That job link is incomplete. Here are all the open roles.",
      );
      await expect(page.getByTestId("job-group")).toHaveCount(5);
    });
  }

  test.describe(() => {
    // The proxy's 404 for the unknown role is logged by the browser as a failed resource load.
    test.use({
      allowConsoleErrors: allow(/status of 404 \(Not Found\).*\/greenhouse\/\?action=jobInfo/),
    });

    test("an unknown gh_jid returns to the list with a message", async ({ page }) => {
      await page.goto("/careers/jobs/apply/?gh_jid=123456");
      await expect(page).toHaveURL(/\/careers\/jobs\/$/);
      await expect(page.getByTestId("jobs-notice")).toContainText("That role is no longer open");
    });
  });
});

test.describe("upstream failure on the apply page", () => {
  // The simulated 502 is logged by the browser as a failed resource load.
  test.use({ allowConsoleErrors: allow(/status of 502.*\/greenhouse\/\?action=jobInfo/) });

  test("shows the error state and retry loads the role", async ({ page }) => {
    let calls = 0;
    await page.route("**/greenhouse/?action=jobInfo*", async (route) => {
      calls += 1;
      if (calls === 1)
        await route.fulfill({ status: 502, contentType: "application/json", body: "{}" });
      else await route.continue();
    });
    await page.goto("/careers/jobs/apply/?gh_jid=4012345006");
    await expect(page.getByTestId("job-error")).toBeVisible();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Senior Frontend Engineer" }),
    ).toBeVisible();
  });
});

test("the careers page previews the newest open roles", async ({ page }) => {
  await page.goto("/careers/");
  const preview = page.getByTestId("open-roles");
  await expect(preview.getByRole("listitem")).toHaveCount(4);
  await expect(
    preview.getByRole("link", { name: `See all open roles (${TOTAL_ROLES})` }),
  ).toHaveAttribute("href", "/careers/jobs/");
  await preview.getByRole("link", { name: "Backend Engineer, Identification Platform" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Backend Engineer, Identification Platform" }),
  ).toBeVisible();
});

test("the console invites developers to the careers page", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (msg) => messages.push(msg.text()));
  await page.goto("/");
  await expect.poll(() => messages.some((text) => text.includes("/careers/"))).toBe(true);
});

test.describe("service status indicator", () => {
  // Each state is a setting of the one fake API all tests share, so these run one after another.
  test.describe.configure({ mode: "serial" });
  test.afterAll(async () => setFakeStatus({ kind: "status", status: "operational" }));

  test.beforeEach(async ({ page }) => {
    await page.goto("/support/");
    const indicator = page.locator("footer [data-status]");
    if ((await indicator.count()) === 0) {
      throw new Error(
        `No status indicator: build with GATSBY_API_URL=${fakeApiUrl} (npm test does).`,
      );
    }
  });

  for (const [status, label] of [
    ["operational", "All systems operational"],
    ["degraded", "Degraded performance"],
    ["outage", "Service outage"],
  ] as const) {
    test(`shows ${status}`, async ({ page }) => {
      await setFakeStatus({ kind: "status", status });
      await page.goto("/support/");
      for (const where of ["footer", "main"]) {
        const indicator = page.locator(`${where} [data-status]`);
        // Its code and request come when it is near the viewport (an island, src/components/Island.tsx).
        await indicator.scrollIntoViewIfNeeded();
        await expect(indicator).toHaveAttribute("data-status", status);
        await expect(indicator).toContainText(label);
        await expect(indicator).toHaveAttribute("href", site.external.status);
      }
    });
  }

  test("shows Status unavailable for an answer without a status", async ({ page }) => {
    await setFakeStatus({ kind: "malformed" });
    await page.goto("/support/");
    await page.locator("footer [data-status]").scrollIntoViewIfNeeded();
    await expect(page.locator("footer [data-status]")).toHaveAttribute("data-status", "error");
    await expect(page.locator("footer [data-status]")).toContainText("Status unavailable");
  });

  test.describe(() => {
    // The simulated failure is logged by the browser as a failed resource load.
    test.use({ allowConsoleErrors: allow(/status of 500.*\/service-status/) });

    test("shows Status unavailable when the API fails", async ({ page }) => {
      // Only this page sees the failure: the shared fake keeps answering other tests normally.
      await page.route(`${fakeApiUrl}/service-status`, (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
      );
      await page.goto("/support/");
      await page.locator("main [data-status]").scrollIntoViewIfNeeded();
      await expect(page.locator("main [data-status]")).toHaveAttribute("data-status", "error");
      await expect(page.locator("main [data-status]")).toContainText("Status unavailable");
    });
  });
});
