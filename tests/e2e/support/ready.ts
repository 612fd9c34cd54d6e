// What the browser tests wait for: what the page says about itself, never a fixed time or the network going quiet.
import { expect, type Page } from "@playwright/test";

/** The app's first render has committed (gatsby-browser's onInitialClientRender sets `<html data-hydrated>`). */
export async function pageReady(page: Page): Promise<void> {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Scrolls to the bottom, so every island (a server-rendered part whose code loads near the viewport) starts, and
 * waits until each has hydrated with its own root (it marks itself `data-hydrated`).
 */
export async function allIslandsReady(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator("[data-island]:not([data-hydrated])")).toHaveCount(0);
}

/**
 * For a test that proves something does NOT happen (no tracking, no popup): once the page says it is live, the
 * network going quiet means nothing more was coming.
 */
export async function readyAndQuiet(page: Page): Promise<void> {
  await pageReady(page);
  await page.waitForLoadState("networkidle");
}
