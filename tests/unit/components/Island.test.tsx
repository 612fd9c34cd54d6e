// @vitest-environment jsdom
// An island keeps the server's HTML while the page hydrates, lets the page's transitions through while its code
// waits (a Suspense boundary waiting for code held them back), and hydrates that HTML with a root of its own when
// it comes near the viewport, with the page's lead context passed in.
import * as React from "react";
import { act, cleanup } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Island, ServerIsland, islandPart } from "../../../src/components/Island";
import {
  LeadContextSource,
  type LeadContext,
} from "../../../src/providers/lead-context/leadContext";

/** The part: a counter button that also shows the visitor id the lead context holds. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = React.useState(0);
  const { visitorId } = React.useContext(LeadContextSource);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count} {visitorId || "anonymous"}
    </button>
  );
}
const module = { default: Counter };
/** Resolves at once, so the server (renderToString) renders it without suspending. */
const sync = { then: (resolve: (m: typeof module) => void) => resolve(module) } as Promise<
  typeof module
>;

/** IntersectionObservers the test can fire. */
let intersect: () => void = () => undefined;
beforeEach(() => {
  const targets: Array<() => void> = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        targets.push(() =>
          this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never),
        );
      }
      disconnect() {}
    },
  );
  intersect = () => targets.forEach((fire) => fire());
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

/** The page: a line that reads the lead context, and the island (rendered as the server would, or the browser). */
function Page({
  part,
  visitorId,
  As = Island,
}: {
  part: ReturnType<typeof islandPart<{ label: string }>>;
  visitorId: string;
  As?: typeof Island;
}) {
  const lead = React.useMemo<Partial<LeadContext>>(() => ({ visitorId }), [visitorId]);
  return (
    <LeadContextSource.Provider value={lead}>
      <p data-testid="page">{`visitor ${visitorId || "anonymous"}`}</p>
      <As name="counter" part={part} props={PROPS} fallback={<span>loading</span>} />
    </LeadContextSource.Provider>
  );
}
const PROPS = { label: "Clicked" };

async function serverPage(): Promise<HTMLElement> {
  const html = renderToString(
    <Page part={islandPart(() => sync)} visitorId="" As={ServerIsland as typeof Island} />,
  );
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

describe("Island", () => {
  it("keeps the server's HTML, lets transitions through while its code waits, then hydrates that HTML", async () => {
    const container = await serverPage();
    const serverButton = container.querySelector("button");
    expect(serverButton?.textContent).toBe("Clicked 0 anonymous");

    const load = vi.fn(async () => module);
    const part = islandPart(load);
    let root: Root | null = null;
    let setVisitor: (id: string) => void = () => undefined;
    function App() {
      const [visitorId, set] = React.useState("");
      setVisitor = set;
      return <Page part={part} visitorId={visitorId} />;
    }
    await act(async () => {
      root = hydrateRoot(container, <App />);
    });
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector("button")).toBe(serverButton);

    // A start-up transition that changes a context above the island commits at once.
    await act(async () => React.startTransition(() => setVisitor("visitorIsland000001")));
    expect(container.querySelector("[data-testid=page]")?.textContent).toBe(
      "visitor visitorIsland000001",
    );
    expect(load).not.toHaveBeenCalled();

    // Near the viewport: the code loads and the island's root hydrates the same elements.
    await act(async () => intersect());
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(container.querySelector("button")?.textContent).toBe("Clicked 0 visitorIsland000001"),
    );
    expect(container.querySelector("button")).toBe(serverButton);
    await act(async () => serverButton?.click());
    expect(serverButton?.textContent).toBe("Clicked 1 visitorIsland000001");

    // The page's later context changes reach it too.
    await act(async () => setVisitor("visitorIsland000002"));
    await vi.waitFor(() => expect(serverButton?.textContent).toBe("Clicked 1 visitorIsland000002"));
    await act(async () => root?.unmount());
  });

  it("starts when the visitor reaches into it before it is near the viewport", async () => {
    const container = await serverPage();
    const load = vi.fn(async () => module);
    await act(async () => {
      hydrateRoot(container, <Page part={islandPart(load)} visitorId="" />);
    });
    container
      .querySelector("[data-island]")
      ?.dispatchEvent(new Event("focusin", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the server's HTML when its code cannot load, and leaves no rejection unhandled", async () => {
    const container = await serverPage();
    const serverButton = container.querySelector("button");
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      const load = vi.fn(() => Promise.reject(new TypeError("Loading chunk counter failed")));
      await act(async () => {
        hydrateRoot(container, <Page part={islandPart(load)} visitorId="" />);
      });
      await act(async () => intersect());
      expect(load).toHaveBeenCalledTimes(1);
      // Node reports an unhandled rejection after the microtasks of the turn that made it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(container.querySelector("button")).toBe(serverButton);
      expect(serverButton?.textContent).toBe("Clicked 0 anonymous");
    } finally {
      process.off("unhandledRejection", record);
    }
  });

  it("without server HTML (a client-side navigation) fetches the code at once, showing the fallback until it is there", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    let release: () => void = () => undefined;
    const load = () => new Promise<typeof module>((resolve) => (release = () => resolve(module)));
    const { createRoot } = await import("react-dom/client");
    await act(async () =>
      createRoot(container).render(<Page part={islandPart(load)} visitorId="" />),
    );
    await vi.waitFor(() =>
      expect(container.querySelector("[data-island]")?.textContent).toBe("loading"),
    );
    // Asked for on mount, not when it comes near the viewport (the first load is over).
    await act(async () => release());
    await vi.waitFor(() =>
      expect(container.querySelector("button")?.textContent).toBe("Clicked 0 anonymous"),
    );
  });
});
