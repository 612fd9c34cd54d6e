// @vitest-environment jsdom
// The first hydration is time-sliced: React hands the thread back between parts of a large page, so a
// task queued while it hydrates (a tap, a timer) runs before the whole page has hydrated. No act() here:
// act() drains React's work in one go and would hide the scheduling this test is about.
import * as React from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "../../../src/runtime/hydrate";

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false });

const PARTS = 40;
const log: string[] = [];

/** One part of a page that costs about 2 ms of main thread to render (busy, as a real tree would be). */
function Part({ index }: { index: number }) {
  const until = performance.now() + 2;
  while (performance.now() < until) {
    // render work
  }
  if (typeof window !== "undefined") log.push(`part ${index}`);
  return <li>Part {index}</li>;
}

function Page() {
  return (
    <ul>
      {Array.from({ length: PARTS }, (_, index) => (
        <Part key={index} index={index} />
      ))}
    </ul>
  );
}

function serverRendered(): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  log.length = 0;
  return container;
}

/** Queues a task every turn of the event loop and logs it, until the whole page has rendered. */
async function hydrateWhileTicking(hydrate: () => void): Promise<string[]> {
  hydrate();
  let ticks = 0;
  while (log.filter((entry) => entry.startsWith("part")).length < PARTS && ticks < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    log.push(`tick ${ticks++}`);
  }
  return [...log];
}

/** How many ticks ran after the first part rendered and before the last one did. */
function ticksDuringHydration(entries: string[]): number {
  const first = entries.findIndex((entry) => entry.startsWith("part"));
  const last = entries.map((entry) => entry.startsWith("part")).lastIndexOf(true);
  return entries.slice(first, last).filter((entry) => entry.startsWith("tick")).length;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the first hydration", () => {
  it("a plain hydrateRoot renders the whole page in one task (what renderApp avoids)", async () => {
    const container = serverRendered();
    const entries = await hydrateWhileTicking(() => hydrateRoot(container, <Page />));
    expect(ticksDuringHydration(entries)).toBe(0);
  });

  it("renderApp yields to other tasks while it hydrates", async () => {
    const container = serverRendered();
    const entries = await hydrateWhileTicking(() => renderApp(<Page />, container));
    // 40 parts × 2 ms with a 5 ms slice: several slices, each followed by a waiting task.
    expect(ticksDuringHydration(entries)).toBeGreaterThan(2);
    expect(container.querySelectorAll("li")).toHaveLength(PARTS);
    expect(container.textContent).toContain(`Part ${PARTS - 1}`);
  });
});
