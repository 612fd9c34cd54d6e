// The interaction bench removes Playwright's own listeners from a page before it measures a tap (a visitor's
// browser has none of them): checked here in Chromium, in both worlds Playwright's injected script runs in.
import type { CDPSession, Page } from "@playwright/test";
import {
  HARNESS_LISTENER_MARK,
  removeHarnessListeners,
} from "../../scripts/lib/harnesslisteners.mjs";
import { expect, test } from "./fixtures";

test.use({ hasTouch: true });

const PAGE = `<!doctype html><html lang="en"><head><title>Harness</title></head><body><main>
<button type="button" id="go">Go</button><p id="seen">none</p></main></body></html>`;

/**
 * Every window listener of every JavaScript world of the page, as "type:description". Read here rather than
 * through harnesslisteners.mjs, so the check does not share the code it checks.
 */
async function windowListeners(cdp: CDPSession): Promise<string[]> {
  const contexts: Array<{ id: number }> = [];
  const created = (event: { context: { id: number } }) => contexts.push(event.context);
  cdp.on("Runtime.executionContextCreated", created);
  await cdp.send("Runtime.enable");
  cdp.off("Runtime.executionContextCreated", created);
  const found: string[] = [];
  for (const context of contexts) {
    const { result } = await cdp.send("Runtime.evaluate", {
      expression: "window",
      contextId: context.id,
      // Without a group the listeners come back without their handlers.
      objectGroup: "harness-test",
    });
    const { listeners } = await cdp.send("DOMDebugger.getEventListeners", {
      objectId: result.objectId!,
    });
    for (const listener of listeners)
      found.push(`${listener.type}:${listener.handler?.description ?? ""}`);
  }
  await cdp.send("Runtime.releaseObjectGroup", { objectGroup: "harness-test" });
  await cdp.send("Runtime.disable");
  return found;
}

/** The page, with a locator used in both worlds (so Playwright's injected script runs in each). */
async function pageUnderPlaywright(page: Page) {
  await page.setContent(PAGE);
  // The page's own touch listener, which must stay.
  await page.evaluate(() => {
    window.addEventListener("touchstart", () => {
      document.getElementById("seen")!.textContent = "touched";
    });
  });
  const button = page.getByRole("button", { name: "Go" });
  await button.waitFor();
  await button.evaluate((element) => element.getBoundingClientRect());
  return button;
}

test("Playwright's hit-target listeners leave both worlds; the page's own listener stays and locators still work", async ({
  page,
  context,
}) => {
  const button = await pageUnderPlaywright(page);
  const cdp = await context.newCDPSession(page);
  const before = await windowListeners(cdp);
  const harness = before.filter((entry) => entry.includes(HARNESS_LISTENER_MARK));
  // Touch, pointer and mouse events, capture phase, in each world that ran a locator.
  expect(harness.some((entry) => entry.startsWith("touchstart:"))).toBe(true);
  expect(harness.some((entry) => entry.startsWith("touchend:"))).toBe(true);

  const removed = await removeHarnessListeners(cdp);
  expect(removed).toBe(harness.length);

  const after = await windowListeners(cdp);
  expect(after.filter((entry) => entry.includes(HARNESS_LISTENER_MARK))).toEqual([]);
  // Nothing else went: the page's own touchstart listener (and Playwright's unrelated ones) are still there.
  expect(after).toHaveLength(before.length - removed);
  expect(after.some((entry) => entry.startsWith("touchstart:") && entry.includes("touched"))).toBe(
    true,
  );

  // The page still gets the touch, and Playwright still finds and presses elements.
  const box = (await button.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator("#seen")).toHaveText("touched");
  await button.click();
  expect(await removeHarnessListeners(cdp)).toBe(0);
});
