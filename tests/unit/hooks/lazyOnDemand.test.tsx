// @vitest-environment jsdom
// Tests that on-demand code loads only when asked, keeping the server's HTML until then, and what asks for it.
import * as React from "react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyOnDemand, useNearViewport } from "../../../src/hooks/lazyOnDemand";

afterEach(cleanup);

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe("lazyOnDemand", () => {
  it("fetches nothing until start(), then renders the component", async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const { Component, start } = lazyOnDemand(load);
    render(
      <React.Suspense fallback={<p>waiting</p>}>
        <Component name="Ada" />
      </React.Suspense>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText("waiting")).toBeTruthy();
    await act(async () => start());
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
    start();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the server's HTML in place while hydrating, until the code is asked for", async () => {
    const tree = (C: React.ComponentType<{ name: string }>) => (
      <div>
        <React.Suspense fallback={<p>waiting</p>}>
          <C name="Grace" />
        </React.Suspense>
      </div>
    );
    // What the server sends (it has the module at once).
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree(Greeting));
    document.body.append(container);
    const serverParagraph = container.querySelector("p");

    const { Component, start } = lazyOnDemand(async () => ({ default: Greeting }));
    await act(async () => {
      hydrateRoot(container, tree(Component));
    });
    // Still the server's paragraph, not the fallback.
    expect(container.textContent).toBe("Hello Grace");
    await act(async () => start());
    expect(container.textContent).toBe("Hello Grace");
    // Hydrated in place: the same element, not a new one.
    expect(container.querySelector("p")).toBe(serverParagraph);
  });
});

function Watched({ onNear }: { onNear: () => void }) {
  const ref = React.useRef<HTMLElement>(null);
  useNearViewport(ref, onNear);
  return (
    <section ref={ref}>
      <input aria-label="email" />
    </section>
  );
}

describe("useNearViewport", () => {
  it("asks once the element nears the viewport", () => {
    let notify: (entries: Array<{ isIntersecting: boolean }>) => void = () => undefined;
    const observed: Element[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: typeof notify) {
          notify = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
      },
    );
    const onNear = vi.fn();
    render(<Watched onNear={onNear} />);
    expect(observed).toHaveLength(1);
    notify([{ isIntersecting: false }]);
    expect(onNear).not.toHaveBeenCalled();
    notify([{ isIntersecting: true }]);
    expect(onNear).toHaveBeenCalledTimes(1);
  });

  it("asks when something inside takes focus, even far from the viewport", () => {
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
    const onNear = vi.fn();
    render(<Watched onNear={onNear} />);
    expect(onNear).not.toHaveBeenCalled();
    fireEvent.focusIn(screen.getByLabelText("email"));
    expect(onNear).toHaveBeenCalled();
  });
});
