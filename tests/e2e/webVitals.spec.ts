// Real-user web vitals against the fake Amplitude: with consent, one "Web Vitals" event per page load, sent when the
// page is hidden (here: the visitor leaves it) and not before, with each metric's attribution; nothing without
// consent, and nothing once consent is withdrawn. The build reports every page load (GATSBY_WEB_VITALS_SAMPLE_RATE=1).
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { asVisitor, fakesOrigin } from "./support/fakes";
import { pageReady, readyAndQuiet } from "./support/ready";
import { fromCountry } from "./support/network";

test.use({ presetConsent: false });

type FakeEvent = {
  event_type: string;
  device_id?: string;
  event_properties?: Record<string, unknown>;
};

async function eventsOf(deviceId: string, type: string): Promise<FakeEvent[]> {
  const response = await fetch(`${fakesOrigin}/__fake/amplitude/events`);
  const body = (await response.json()) as { events?: FakeEvent[] } | FakeEvent[];
  const events = Array.isArray(body) ? body : (body.events ?? []);
  return events.filter((event) => event.device_id === deviceId && event.event_type === type);
}

/** Every analytics request the context makes, from any of its pages (a beacon sent while a page unloads too). */
function analyticsRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on("request", (request) => {
    if (new URL(request.url()).pathname === "/2/httpapi") seen.push(request.postData() ?? "");
  });
  return seen;
}

const banner = (page: Page) => page.locator("[data-consent-banner]");

test("with consent: one Web Vitals event when the visitor leaves the page, none before, each metric attributed", async ({
  page,
}) => {
  const id = await asVisitor(page, "Vitals");
  await fromCountry(page, "US");
  await page.goto("/pricing/");
  await expect.poll(async () => (await eventsOf(id, "Web Page Viewed")).length).toBe(1);
  // An interaction, so there is an INP: a header menu opened. Its click event reaching the fake shows the SDK has
  // sent what it had by then: the vitals were not among it.
  await page.locator("nav[aria-label='Main'] button[aria-expanded]").first().click();
  await expect
    .poll(async () => (await eventsOf(id, "[Amplitude] Element Clicked")).length)
    .toBeGreaterThan(0);
  expect(await eventsOf(id, "Web Vitals")).toEqual([]);

  // Leaving hides the page: the event goes by beacon as it unloads.
  await page.goto("/about-us/");
  await expect.poll(async () => (await eventsOf(id, "Web Vitals")).length).toBe(1);
  const [event] = await eventsOf(id, "Web Vitals");
  const metric = {
    value: expect.any(Number),
    rating: expect.stringMatching(/^(good|needs-improvement|poor)$/),
  };
  expect(event?.event_properties).toMatchObject({
    "page path": "/pricing/",
    "page category": "Pricing",
    "navigation type": "navigate",
    LCP: { ...metric, element: expect.stringMatching(/./), timeToFirstByte: expect.any(Number) },
    FCP: { ...metric, firstByteToFCP: expect.any(Number) },
    TTFB: { ...metric, requestDuration: expect.any(Number) },
    CLS: { ...metric, loadState: expect.any(String) },
    INP: { ...metric, element: expect.stringMatching(/button/), interaction: "pointer" },
  });
  // Still one: the page load is reported once.
  await pageReady(page);
  expect(await eventsOf(id, "Web Vitals")).toHaveLength(1);
});

test("without consent: nothing, through the visit and the visitor leaving", async ({
  page,
  context,
}) => {
  const sent = analyticsRequests(context);
  await fromCountry(page, "DE");
  await page.goto("/pricing/");
  await expect(banner(page)).toBeVisible();
  await page.locator("nav[aria-label='Main'] button[aria-expanded]").first().click();
  // Leaving hides the page (where a consented visitor's vitals would go).
  await page.goto("/about-us/");
  await readyAndQuiet(page);
  await page.goto("/contact-sales/");
  await readyAndQuiet(page);
  expect(sent).toEqual([]);
});

test("after withdrawal: nothing, not even when the visitor leaves the page", async ({
  page,
  context,
}) => {
  const id = await asVisitor(page, "VitalsOff");
  const sent = analyticsRequests(context);
  await fromCountry(page, "FR");
  await page.goto("/pricing/");
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect.poll(async () => (await eventsOf(id, "Web Page Viewed")).length).toBe(1);
  await page.getByRole("button", { name: "Cookie settings" }).click();
  const before = sent.length;
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  await page.goto("/about-us/");
  await readyAndQuiet(page);
  expect(sent.slice(before).filter((body) => body.includes("Web Vitals"))).toEqual([]);
  expect(await eventsOf(id, "Web Vitals")).toEqual([]);
});
