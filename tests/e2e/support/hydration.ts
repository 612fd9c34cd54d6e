// Waits until React has hydrated an element, so keyboard and click handlers are attached before a test uses them.
import type { Locator } from "@playwright/test";

/** Resolves once React has attached itself to the element (its fiber key appears on the node). */
export async function hydrated(locator: Locator): Promise<void> {
  await locator.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(node).some((key) => key.startsWith("__reactFiber"))
            ? resolve()
            : requestAnimationFrame(check);
        check();
      }),
  );
}
