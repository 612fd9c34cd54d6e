// Playwright's own listeners in a page the interaction bench measures, and their removal before the measured tap.

/**
 * What marks the listener Playwright's injected script adds to `window` for each pointer, mouse and touch event
 * (capture phase, not passive): its source calls the script's hit-target interceptor, which is only set while
 * Playwright checks where one of its own clicks or taps lands.
 */
export const HARNESS_LISTENER_MARK = "_hitTargetInterceptor";

const GROUP = "bench-harness-listeners";

/**
 * Removes Playwright's hit-target listeners from the window of every JavaScript world of the page (its utility
 * world, and the page's own world where a locator evaluated there), through the DevTools protocol session `cdp`.
 * A visitor's browser has none of them, and they run in every tap: a non-passive `touchstart` and `touchend` on
 * the window make the browser wait for the main thread before the touch goes on. The injected script adds them
 * when it starts and again only when the document element is replaced, so once removed they stay removed for the
 * rest of the page, and locators go on working (nothing the bench calls after this uses the interceptor).
 * Returns how many were removed.
 */
export async function removeHarnessListeners(cdp) {
  const contexts = [];
  const created = (event) => contexts.push(event.context);
  cdp.on("Runtime.executionContextCreated", created);
  // Enabling the domain reports every existing context before it answers.
  await cdp.send("Runtime.enable");
  cdp.off("Runtime.executionContextCreated", created);
  let removed = 0;
  try {
    for (const context of contexts) {
      const { result } = await cdp.send("Runtime.evaluate", {
        expression: "window",
        contextId: context.id,
        // In a group: without one, the listeners come back without their handlers.
        objectGroup: GROUP,
      });
      if (!result.objectId) continue;
      const { listeners } = await cdp.send("DOMDebugger.getEventListeners", {
        objectId: result.objectId,
      });
      for (const listener of listeners) {
        if (!listener.handler?.objectId) continue;
        if (!String(listener.handler.description ?? "").includes(HARNESS_LISTENER_MARK)) continue;
        // Called on the listener itself, so `window` is the window of the world that added it.
        await cdp.send("Runtime.callFunctionOn", {
          objectId: listener.handler.objectId,
          functionDeclaration:
            "function (type, capture) { window.removeEventListener(type, this, { capture }); }",
          arguments: [{ value: listener.type }, { value: listener.useCapture }],
        });
        removed += 1;
      }
    }
  } finally {
    await cdp.send("Runtime.releaseObjectGroup", { objectGroup: GROUP });
    await cdp.send("Runtime.disable");
  }
  return removed;
}
