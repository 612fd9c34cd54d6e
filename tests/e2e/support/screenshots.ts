// Full-page screenshots of the current page at desktop and phone widths, saved for people to look at.
import path from "node:path";
import type { Page } from "@playwright/test";
import { allIslandsReady, pageReady } from "./ready";

export const SCREENSHOT_DIR = path.join("tests", "artifacts", "screenshots");
export const SNAP_WIDTHS = [1280, 390] as const;

const HEIGHT_FOR_WIDTH: Record<number, number> = { 1280: 800, 390: 844 };

/** A file-name-safe form of a screenshot name: "home / hero" → "home-hero". */
export function screenshotSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "page"
  );
}

/**
 * Saves full-page screenshots of the page at 1280 and 390 px wide to tests/artifacts/screenshots/<name>-<width>.png
 * once the page is live, every island started and the fonts loaded; then restores the viewport.
 */
export async function snap(page: Page, name: string): Promise<string[]> {
  const original = page.viewportSize();
  const files: string[] = [];
  try {
    for (const width of SNAP_WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT_FOR_WIDTH[width] ?? 800 });
      await pageReady(page);
      await allIslandsReady(page);
      await page.evaluate(async () => {
        // Lazy images load as they near the viewport: pass over the page once, then back to the top.
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        window.scrollTo(0, 0);
        await document.fonts.ready;
        await Promise.all(
          [...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))),
        );
      });
      const file = path.join(SCREENSHOT_DIR, `${screenshotSlug(name)}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
      files.push(file);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  return files;
}
