// The privacy rules in Chromium, with fakes on loopback for the country, the Fingerprint
// agent and Server API, and Amplitude ingestion: nothing identifies or tracks before consent, Reject
// holds, Accept starts identification then analytics, exposures go once, withdrawal stops everything.
import type { BrowserContext, Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readyAndQuiet } from "./support/ready";
import { asVisitor, fakesOrigin } from "./support/fakes";
import { fromCountry } from "./support/network";

test.use({ presetConsent: false });

/** Requests that identify or track: the agent, the events and visits functions, analytics, exposures. */
const TRACKING = [
  /\/__fake\/fingerprint\//,
  /\/fp\/v4\/?$/,
  /\/fp\/visits\/?$/,
  /\/2\/httpapi$/,
  /\/amp-exp\/?$/,
];

function watch(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (
      TRACKING.some((pattern) => pattern.test(url.pathname)) ||
      request.headers()["x-vercel-function"]
    )
      seen.push(request);
  });
  return seen;
}

async function trackingCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies())
    .map((cookie) => cookie.name)
    .filter((name) => /^(AMP_|amp_|_vid|_iidt|visitHistory)/.test(name));
}

/** Keys the identification and analytics SDKs keep in local or session storage. */
async function trackingStorage(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)].filter((key) =>
      /^(@fpjs@client@|AMP_|amp_)/.test(key),
    ),
  );
}

type FakeEvent = {
  event_type: string;
  device_id?: string;
  event_properties?: Record<string, unknown>;
  groups?: Record<string, unknown>;
};

async function eventsOf(deviceId: string): Promise<FakeEvent[]> {
  const response = await fetch(`${fakesOrigin}/__fake/amplitude/events`);
  const body = (await response.json()) as { events?: FakeEvent[] } | FakeEvent[];
  const events = Array.isArray(body) ? body : (body.events ?? []);
  return events.filter((event) => event.device_id === deviceId);
}

const pageViews = async (id: string) =>
  (await eventsOf(id)).filter((event) => event.event_type === "Web Page Viewed");

const banner = (page: Page) => page.locator("[data-consent-banner]");

for (const [label, country] of [
  ["An EU visitor (DE)", "DE"],
  ["An unknown-country visitor", null],
] as const) {
  test(`${label}: nothing identifies or tracks before Accept, nor after Reject across navigations and a reload`, async ({
    page,
    context,
  }) => {
    if (country) await fromCountry(page, country);
    const seen = watch(page);
    await page.goto("/demo/");
    await expect(banner(page)).toBeVisible();
    // The demo waits for consent too: it offers to start, nothing more.
    await expect(page.locator("[data-demo-state='consent']:visible")).toBeVisible();
    await page.goto("/pricing/");
    await expect(banner(page)).toBeVisible();
    expect(seen.map((r) => r.url())).toEqual([]);
    expect(await trackingCookies(context)).toEqual([]);

    await banner(page).getByRole("button", { name: "Reject all" }).click();
    await expect(banner(page)).toBeHidden();
    for (const link of ['a[href="/contact-sales/"]', 'a[href="/pricing/"]', 'a[href="/"]']) {
      await page.locator(link).first().click();
      await readyAndQuiet(page);
    }
    await page.reload();
    await readyAndQuiet(page);
    expect(seen.map((r) => r.url())).toEqual([]);
    expect(await trackingCookies(context)).toEqual([]);
  });
}

test("after Accept: identification, then Web Page Viewed with category and flags, exposures once; withdrawal stops it", async ({
  page,
  context,
}) => {
  const id = await asVisitor(page, "Accept");
  await fromCountry(page, "FR");
  const seen = watch(page);
  await page.goto("/contact-sales/");
  expect(seen).toEqual([]);
  await banner(page).getByRole("button", { name: "Accept all" }).click();

  await expect.poll(async () => (await pageViews(id)).length).toBe(1);
  const [view] = await pageViews(id);
  expect(view?.event_properties).toMatchObject({
    "page path": "/contact-sales/",
    "page category": "Contact",
    "page domain": "127.0.0.1:9100".replace("9100", String(new URL(page.url()).port)),
    botDetected: false,
    vmDetected: false,
    signupOptionsShown: false,
  });
  // Identification came first: the device is the visitor, in the product's device group.
  const events = await eventsOf(id);
  expect(events.some((event) => event.event_type === "$identify" && event.groups)).toBe(true);
  const identifyAt = seen.findIndex((r) => r.url().includes("/__fake/fingerprint/identify"));
  const analyticsAt = seen.findIndex((r) => r.url().endsWith("/2/httpapi"));
  expect(identifyAt).toBeGreaterThanOrEqual(0);
  expect(analyticsAt).toBeGreaterThan(identifyAt);

  // The contact-sales experiment's exposure, with the assigned variant, once, even after a reload.
  const assigned = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem("ABLocalFlags") ?? "{}") as Record<string, string>)[
        "contact-sales"
      ],
  );
  const exposures = async () =>
    (await eventsOf(id)).filter(
      (event) =>
        event.event_type === "$exposure" && event.event_properties?.flag_key === "contact-sales",
    );
  await expect.poll(async () => (await exposures()).length).toBe(1);
  expect((await exposures())[0]?.event_properties?.variant).toBe(assigned);
  await page.reload();
  await expect.poll(async () => (await pageViews(id)).length).toBe(2);
  expect(await exposures()).toHaveLength(1);

  // An in-app navigation is a page view of its own, with its category.
  await page.locator('a[href="/pricing/"]').first().click();
  await expect
    .poll(async () => (await pageViews(id)).map((e) => e.event_properties?.["page category"]))
    .toContain("Pricing");

  // Withdrawal: the cookies and the SDKs' stored data go at once and nothing more is sent.
  expect((await trackingCookies(context)).some((name) => name.startsWith("AMP_"))).toBe(true);
  expect(await trackingStorage(page)).toContainEqual(expect.stringMatching(/^@fpjs@client@/));
  // The click on Cookie settings is itself captured and queued for the next flush (1 s): withdrawal
  // must drop it. The page's clock stands still from here, so that flush cannot go out before the
  // Reject (with time flowing, a slow host let it leave while consent still stood); running the clock
  // past the interval after the Reject fires it, and the withdrawal's own clean-up passes.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole("button", { name: "Cookie settings" }).click();
  const before = seen.length;
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await page.clock.runFor(1500);
  await expect.poll(() => trackingCookies(context)).toEqual([]);
  expect(await trackingStorage(page)).toEqual([]);
  // Time flows again for a navigation and a reload: nothing is sent there either.
  await page.clock.resume();
  await page.locator('a[href="/contact-sales/"]').first().click();
  await readyAndQuiet(page);
  await page.reload();
  await readyAndQuiet(page);
  expect(seen.slice(before).map((r) => r.url())).toEqual([]);
  expect(await trackingCookies(context)).toEqual([]);
});

test("a US visitor gets no banner and tracking starts", async ({ page }) => {
  const id = await asVisitor(page, "Usa");
  await fromCountry(page, "US");
  await page.goto("/");
  await expect.poll(async () => (await pageViews(id)).length).toBe(1);
  await expect(banner(page)).toBeHidden();
  expect((await pageViews(id))[0]?.event_properties?.["page category"]).toBe("Homepage");
});

test("a path with a % in it sends no page view; a query's keys other than utm_* are dropped", async ({
  page,
}) => {
  const id = await asVisitor(page, "Query");
  await fromCountry(page, "US");
  // The path decides: a query no longer withholds the page view, its values stay out.
  await page.goto("/pricing/?plan=pro");
  await expect.poll(async () => (await pageViews(id)).length).toBe(1);
  const [pricing] = await pageViews(id);
  expect(pricing?.event_properties?.["page location"]).toBe(
    `${new URL(page.url()).origin}/pricing/`,
  );
  expect(JSON.stringify(pricing)).not.toMatch(/plan=|"pro"/);
  await page.goto("/blog/caf%C3%A9/");
  await page.goto("/about-us/");
  await expect.poll(async () => (await pageViews(id)).length).toBe(2);
  const paths = (await pageViews(id)).map((event) => event.event_properties?.["page path"]);
  expect(paths).toEqual(["/pricing/", "/about-us/"]);
});

test("a form submitted with analytics on sends Web Form Submitted and Sales Contacted", async ({
  page,
}) => {
  const id = await asVisitor(page, "Form");
  await fromCountry(page, "US");
  await page.goto("/contact-sales/");
  await expect.poll(async () => (await pageViews(id)).length).toBe(1);
  const form = page.locator('form[data-form-id="ContactSales"]:visible').first();
  await form.getByLabel("Work email", { exact: true }).fill(`privacy-${Date.now()}@example.org`);
  await form.getByRole("button", { name: /./ }).last().click();
  await expect(page.locator('[data-form-state="success"]').first()).toBeVisible();
  await expect
    .poll(async () => (await eventsOf(id)).map((event) => event.event_type))
    .toEqual(expect.arrayContaining(["Web Form Submitted", "Sales Contacted"]));
  const submitted = (await eventsOf(id)).find((event) => event.event_type === "Sales Contacted");
  expect(submitted?.event_properties).toMatchObject({
    formId: "ContactSales",
    region: "AMER",
    "page path": "/contact-sales/",
  });
});

test("a campaign landing (/pricing/?utm_source=e2e) sends one page view with the UTM keys and no other query key", async ({
  page,
}) => {
  const id = await asVisitor(page, "Campaign");
  // Outside the EU: analytics consent is given automatically.
  await fromCountry(page, "US");
  await page.goto("/pricing/?utm_source=e2e&utm_campaign=launch&email=visitor%40example.org");
  await expect.poll(async () => (await pageViews(id)).length).toBe(1);
  const [view] = await pageViews(id);
  const origin = new URL(page.url()).origin;
  expect(view?.event_properties).toMatchObject({
    "page path": "/pricing/",
    "page category": "Pricing",
    "page url": `${origin}/pricing/`,
    "page location": `${origin}/pricing/?utm_source=e2e&utm_campaign=launch`,
    utm_source: "e2e",
    utm_campaign: "launch",
  });
  expect(JSON.stringify(view)).not.toMatch(/email|visitor%40|visitor@example/);
  // Still one: the landing is not counted twice. The next page's view is the barrier: the SDK sends
  // its queue in order, so a second view of the landing would arrive before it.
  await page.locator('a[href="/contact-sales/"]').first().click();
  await expect
    .poll(async () => (await pageViews(id)).map((v) => v.event_properties?.["page path"]))
    .toContain("/contact-sales/");
  const views = (await pageViews(id)).map((v) => v.event_properties?.["page path"]);
  expect(views.filter((viewed) => viewed === "/pricing/")).toHaveLength(1);
});
