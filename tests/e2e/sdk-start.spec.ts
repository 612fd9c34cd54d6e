// The identification and analytics SDKs start only once the page's largest paint is on screen, even when that paint
// comes late: here the blog's featured image (its largest paint) is held back until the app has started and the
// browser has been idle twice, so the page's bundles start before it (the bundle loader waits for the largest paint
// at most a second) and the SDKs, which would have started in that idle time, must keep waiting.
import { expect, test } from "./fixtures";
import { pageReady } from "./support/ready";
import { fromCountry } from "./support/network";

test.use({ presetConsent: false });

test("a US visitor's SDKs start after the largest paint, not before it", async ({ page }) => {
  await fromCountry(page, "US");
  // The images are the largest paint of /blog/: answered only once released.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/.+\.(png|jpe?g|webp|avif)$/, async (route) => {
    await released;
    await route.continue();
  });
  const sdkRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/(fingerprint-runner|start-analytics)-[0-9a-f]+\.js$/.test(request.url()))
      sdkRequests.push(request.url());
  });
  await page.goto("/blog/", { waitUntil: "commit" });
  await pageReady(page);
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
  );
  expect(sdkRequests, "no SDK before the largest paint").toEqual([]);
  release();
  // Both SDKs' code is fetched in the end (the visitor needs no consent).
  await expect.poll(() => sdkRequests.length, { timeout: 30_000 }).toBe(2);

  const timing = await page.evaluate(async () => {
    const paints = await new Promise<PerformanceEntry[]>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({
        type: "largest-contentful-paint",
        buffered: true,
      });
    });
    const largest = paints.at(-1) as PerformanceEntry & { element?: Element | null };
    const sdk = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/(fingerprint-runner|start-analytics)-[0-9a-f]+\.js$/.test(entry.name))
      .map((entry) => ({ name: entry.name.split("/").pop() ?? "", startTime: entry.startTime }));
    const bundles = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/app-[0-9a-f]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime);
    return {
      largestPaint: largest.startTime,
      largestIsImage: largest.element?.tagName === "IMG",
      sdk,
      appBundle: bundles[0] ?? NaN,
    };
  });
  // The held image is the largest paint, and the page's own bundles did start before it: the SDKs had the chance.
  expect(timing.largestIsImage).toBe(true);
  expect(timing.appBundle).toBeLessThan(timing.largestPaint);
  expect(timing.sdk).toHaveLength(2);
  for (const entry of timing.sdk)
    expect(entry.startTime, entry.name).toBeGreaterThan(timing.largestPaint);
});
