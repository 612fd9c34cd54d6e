// @vitest-environment jsdom
// Tests that on-demand code loads only when asked, keeping the server's HTML in place until then.
import * as React from "react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyOnDemand } from "../../../src/hooks/lazyOnDemand";

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
    // React.lazy calls its factory during the render: once the render has settled, a fetch would
    // already have been asked for.
    await act(async () => undefined);
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
