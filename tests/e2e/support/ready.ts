// What the browser tests wait for: what the page says about itself, never a fixed time or the network going quiet.
import { expect, type Page } from "@playwright/test";

/** The app's first render has committed (gatsby-browser's onInitialClientRender sets `<html data-hydrated>`). */
export async function pageReady(page: Page): Promise<void> {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Brings every visible island (a server-rendered part whose code loads when it comes near the viewport) into view in
 * turn, so each starts, and waits until each has hydrated with its own root (it marks itself `data-hydrated`).
 * One jump to the bottom would skip those in the middle: their observers never see them come near.
 */
export async function allIslandsReady(page: Page): Promise<void> {
  // A hidden one (the A/B variant not assigned) is never reached by a visitor, so it never starts.
  const islands = page.locator("[data-island]:visible");
  for (let i = 0; i < (await islands.count()); i += 1) {
    const island = islands.nth(i);
    await island.scrollIntoViewIfNeeded();
    await expect(island).toHaveAttribute("data-hydrated", "");
  }
}

/**
 * For a test that proves something does NOT happen (no tracking, no popup): once the page says it is live, the
 * network going quiet means nothing more was coming.
 */
export async function readyAndQuiet(page: Page): Promise<void> {
  await pageReady(page);
  await page.waitForLoadState("networkidle");
}
