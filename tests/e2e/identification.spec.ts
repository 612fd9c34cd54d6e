// The live demo and identification in Chromium, with the loopback Fingerprint agent and Server API:
// results, visit history, every error state in words, refresh, consent first for EU visitors, and the
// BotD token form that waits for the visitor id.
import type { Page } from "@playwright/test";
import { readMeterEnv } from "../../src/server/env";
import { checkA11y, expect, hydrated, test } from "./fixtures";
import { asVisitor, fakesOrigin } from "./support/fakes";
import { fromCountry } from "./support/network";

test.use({ presetConsent: false });

// /demo/ renders both variants of the demo experiment; the visitor sees (and the test reads) one.
const panel = (page: Page) => page.locator("[data-demo-state]:visible");
const fact = (page: Page, name: string) => panel(page).locator(`[data-demo='${name}']`);

test("a US visitor is identified: visitor id, confidence, bot, VM, location and visit history", async ({
  page,
}) => {
  const id = await asVisitor(page, "Demo");
  await fromCountry(page, "US");
  await page.goto("/demo/");
  await expect(panel(page)).toHaveAttribute("data-demo-state", "loaded");
  await expect(fact(page, "visitor-id")).toHaveText(id);
  await expect(fact(page, "confidence")).toHaveText("99.5%");
  await expect(fact(page, "bot")).toContainText("Not detected");
  await expect(fact(page, "vm")).toHaveText("Not detected");
  await expect(fact(page, "location")).toHaveText("Germany, Europe");
  await expect(fact(page, "visits").locator("li")).toHaveCount(1);
  await expect(fact(page, "visit-count")).toHaveText("1 visit.");

  // Refresh: a new identification, and the history grows by one.
  await page.getByRole("button", { name: "Identify again" }).click();
  await expect(fact(page, "visits").locator("li")).toHaveCount(2);
  await checkA11y(page);

  // The lead forms now carry the visitor id: the BotD token form opens and sends.
  await page.goto("/products/bot-detection/");
  const form = page.locator('form[data-form-id="BotdGenerateToken"]');
  // The form's code comes as it nears the viewport (an island, src/components/Island.tsx).
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole("button", { name: "Email me a token" })).toBeEnabled();
  const posted = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/api/"),
  );
  await form.getByLabel("Work email").fill(`botd-${Date.now()}@example.org`);
  await form.getByRole("button", { name: "Email me a token" }).click();
  expect(JSON.parse((await posted).postData() ?? "{}")).toMatchObject({ visitorId: id });
  await expect(page.locator('[data-form-state="success"]')).toBeVisible();
});

test("more than 20 visits: the 20 newest, and says there are more", async ({ page }) => {
  const id = await asVisitor(page, "Many");
  for (let i = 0; i < 22; i += 1)
    await fetch(`${fakesOrigin}/__fake/fingerprint/identify?visitor=${id}`);
  await fromCountry(page, "US");
  await page.goto("/demo/");
  await expect(fact(page, "visits").locator("li")).toHaveCount(20);
  await expect(fact(page, "visit-count")).toHaveText(
    "More than 20 visits; showing the 20 most recent.",
  );
});

test("an EU visitor starts the demo with one button; nothing is asked before it", async ({
  page,
}) => {
  await asVisitor(page, "Start");
  await fromCountry(page, "DE");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/__fake\/fingerprint|\/fp\/|2\/httpapi/.test(request.url())) asked.push(request.url());
  });
  await page.goto("/demo/");
  await expect(panel(page)).toHaveAttribute("data-demo-state", "consent");
  expect(asked).toEqual([]);
  const start = page
    .locator("[data-demo-state='consent']:visible")
    .getByRole("button", { name: "Start the demo" });
  // A click before React has attached its handler reaches plain HTML and does nothing.
  await hydrated(start);
  await start.click();
  await expect(panel(page)).toHaveAttribute("data-demo-state", "loaded");
  expect(asked.some((url) => url.includes("/__fake/fingerprint/identify"))).toBe(true);
  // What the button recorded: analytics consent, so the banner is gone too.
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe(
    '["required","analytics"]',
  );
});

for (const [label, answer, expected] of [
  ["the agent times out", { error: "Client timeout" }, /timed out/],
  [
    "the key is not allowed on this origin",
    { error: "Not available for this origin" },
    /origin not allowed/,
  ],
  [
    "the agent script cannot load",
    { error: "Failed to load the JS script of the agent" },
    /script failed to load/,
  ],
] as const) {
  test(`an error is said in words when ${label}`, async ({ page }) => {
    await page.route("**/__fake/fingerprint/identify**", (route) =>
      route.fulfill({ json: answer }),
    );
    await fromCountry(page, "US");
    await page.goto("/demo/");
    await expect(panel(page)).toHaveAttribute("data-demo-state", "error");
    await expect(panel(page).getByRole("alert")).toHaveText(expected);
    await expect(panel(page)).toContainText(`Reported error: ${answer.error}`);

    // Try again once the service answers.
    await page.unroute("**/__fake/fingerprint/identify**");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(panel(page)).toHaveAttribute("data-demo-state", "loaded");
  });
}

test("no request id: the error flag without a message", async ({ page }) => {
  await page.route("**/__fake/fingerprint/identify**", (route) =>
    route.fulfill({ json: { visitorId: "NoRequest00000000001", confidence: { score: 1 } } }),
  );
  await fromCountry(page, "US");
  await page.goto("/demo/");
  await expect(panel(page)).toHaveAttribute("data-demo-state", "error");
  await expect(panel(page).getByRole("alert")).toHaveText(/no request id/);
});

test.describe("an unknown event", () => {
  // The browser logs the events function's 404 and the visits function's 403 itself; the page
  // handles both (that is the test). A list of patterns goes in Playwright's [value, options] form,
  // or it would be read as that form.
  test.use({
    allowConsoleErrors: [
      [
        /status of 404 \(Not Found\).*\/fp\/v4\//,
        /status of 403 \(Forbidden\).*\/[A-Za-z0-9]{4}\/\)$/,
      ],
      { scope: "test" },
    ],
  });

  test("falls back to open-source BotD for the bot flag when the events function says 404", async ({
    page,
  }) => {
    await page.route("**/__fake/fingerprint/identify**", (route) =>
      route.fulfill({
        json: {
          visitorId: "Unknown0000000000001",
          requestId: "1767225600123.Zz9Zz9",
          visitorFound: false,
          confidence: { score: 0.5 },
        },
      }),
    );
    await fromCountry(page, "US");
    await page.goto("/demo/");
    await expect(panel(page)).toHaveAttribute("data-demo-state", "loaded");
    const bot = fact(page, "bot");
    await expect(bot).toContainText("From open-source BotD in your browser");
    await expect(bot).toContainText(
      "Server result unavailable: No identification event has this request id.",
    );
    // An identification the Server API does not know proves nothing: no history is shown.
    await expect(panel(page)).toContainText("Visit history is unavailable right now.");
  });
});

test("a page's calls to the metered functions stay far under the meter", async ({ page }) => {
  await asVisitor(page, "Meter");
  // Every function that spends a secret or a quota, by path (the visits call by its header).
  const metered: Record<string, number> = {};
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    const name =
      request.headers()["x-vercel-function"] === "visits"
        ? "visits"
        : /^\/(fp\/result|fp\/v4|fp\/events|amp-exp|greenhouse)\b/.exec(pathname)?.[1];
    if (name) metered[name] = (metered[name] ?? 0) + 1;
  });
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 429) refused.push(response.url());
  });
  await fromCountry(page, "US");
  await page.goto("/demo/");
  await expect(panel(page)).toHaveAttribute("data-demo-state", "loaded");
  await expect(fact(page, "visits").locator("li")).toHaveCount(1);
  // The demo's busiest use: the visitor identifies again, twice.
  for (const visits of [2, 3]) {
    await page.getByRole("button", { name: "Identify again" }).click();
    await expect(fact(page, "visits").locator("li")).toHaveCount(visits);
  }
  // One events lookup and one visits call per identification (the loopback agent stands in for the
  // identification request itself, which the real agent sends to /fp/result, one or two per round).
  expect(metered["fp/v4"]).toBe(3);
  expect(metered.visits).toBe(3);
  expect(refused).toEqual([]);
  // Both spend the Server API key, one budget per caller: an events lookup and the visits call's two
  // reads are three calls per identification, so a visitor would have to identify 40 times a minute.
  const limits = readMeterEnv({});
  const serverApiCalls = (metered["fp/v4"] ?? 0) + 2 * (metered.visits ?? 0);
  expect((serverApiCalls / 3) * 40).toBeLessThanOrEqual(limits.perMinute);
});

test("a bad bot and a virtual machine from the Server API show as such", async ({ page }) => {
  const id = `BadBot${Date.now()}`.padEnd(20, "0").slice(0, 20);
  await page.route("**/__fake/fingerprint/identify**", (route) =>
    route.continue({
      url: `${fakesOrigin}/__fake/fingerprint/identify?visitor=${id}&bot=bad&vm=1`,
    }),
  );
  await fromCountry(page, "US");
  await page.goto("/demo/");
  await expect(fact(page, "bot")).toContainText("Bad bot (automation)");
  await expect(fact(page, "vm")).toHaveText("Detected");
});

test("a bot result the Server API could not produce is rejected with its message", async ({
  page,
}) => {
  const id = `BotErr${Date.now()}`.padEnd(20, "0").slice(0, 20);
  await page.route("**/__fake/fingerprint/identify**", (route) =>
    route.continue({ url: `${fakesOrigin}/__fake/fingerprint/identify?visitor=${id}&bot=error` }),
  );
  await fromCountry(page, "US");
  await page.goto("/demo/");
  await expect(fact(page, "bot")).toContainText("Server result unavailable: internal server error");
});

test("a page reached while identification refreshes still gets its page view and exposure", async ({
  page,
}) => {
  // Seen in CI: analytics came on in the same render as the refresh's "loading", and the page view and
  // exposure of that page were dropped for want of a visitor id. They use the last identification's.
  await fromCountry(page, "US");
  const events: string[] = [];
  const exposures: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    const body = () => JSON.parse(request.postData() ?? "{}");
    if (pathname === "/2/httpapi") {
      for (const event of body().events ?? [])
        events.push(`${event.event_type} ${event.event_properties?.["page path"] ?? ""}`.trim());
    }
    if (pathname === "/amp-exp/") exposures.push(body().flag_key);
  });
  await page.goto("/demo/");
  await expect.poll(() => events).toContain("Web Page Viewed /demo/");
  await expect.poll(() => exposures).toEqual(["demo"]);

  // The refresh's identification waits until the visitor has moved to the pricing page.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/__fake\/fingerprint\/identify/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Identify again" }).click();
  await expect(panel(page)).toHaveAttribute("data-demo-state", "loading");
  await page.locator("header").getByRole("link", { name: "Pricing", exact: true }).first().click();
  await expect(page).toHaveURL(/\/pricing\/$/);
  await expect.poll(() => events).toContain("Web Page Viewed /pricing/");
  await expect.poll(() => exposures).toEqual(["demo", "pricing"]);
  release();
});
