// @vitest-environment jsdom
// The browser's first render: React 18's error 421 (a boundary updated before its lazy code arrived) is
// an expected client render and goes unreported; every other recoverable error is still reported.
import * as React from "react";
import { act } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../src/runtime/hydrate";

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const Route = React.createContext("/careers/jobs/apply/");
let navigate: (path: string) => void = () => undefined;

function Reader() {
  return <p data-testid="reader">{React.useContext(Route)}</p>;
}
/** On the client the section's code never arrives: its boundary stays dehydrated. */
const LazyReader = React.lazy(() => new Promise<{ default: typeof Reader }>(() => undefined));

function App({ section }: { section: React.ComponentType }) {
  const [path, setPath] = React.useState("/careers/jobs/apply/");
  navigate = setPath;
  const Section = section;
  return (
    <Route.Provider value={path}>
      <React.Suspense fallback={<p>Loading</p>}>
        <Section />
      </React.Suspense>
      <p data-testid="path">{path}</p>
    </Route.Provider>
  );
}

function serverRendered(html: string): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/**
 * What React reports: with no reportError in jsdom, React's default handler and renderApp's both hand
 * the error to console.error (React's development warnings there are strings, not errors).
 */
function reported(): unknown[] {
  const errors: unknown[] = [];
  expect(typeof globalThis.reportError).toBe("undefined");
  vi.spyOn(console, "error").mockImplementation((first: unknown) => {
    if (first instanceof Error) errors.push(first);
  });
  return errors;
}

afterEach(() => {
  document.body.innerHTML = "";
});

const is421 = (error: unknown) =>
  /received an update before it finished hydrating|#421/.test(String((error as Error)?.message));

describe("renderApp", () => {
  it("React raises a recoverable 421 when the route changes before a lazy boundary hydrates", async () => {
    const errors: unknown[] = [];
    const container = serverRendered(renderToString(<App section={Reader} />));
    await act(async () => {
      hydrateRoot(container, <App section={LazyReader} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    await act(async () => navigate("/careers/jobs/"));
    expect(errors.some(is421)).toBe(true);
  });

  it("applies the same change without reporting it", async () => {
    const errors = reported();
    const container = serverRendered(renderToString(<App section={Reader} />));
    await act(async () => renderApp(<App section={LazyReader} />, container));
    await act(async () => navigate("/careers/jobs/"));
    expect(container.querySelector('[data-testid="path"]')?.textContent).toBe("/careers/jobs/");
    expect(errors).toEqual([]);
  });

  it("still reports a hydration mismatch", async () => {
    const errors = reported();
    const container = serverRendered(renderToString(<p>server</p>));
    await act(async () => renderApp(<p>client</p>, container));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.some(is421)).toBe(false);
  });

  it("renders into an empty root", async () => {
    const container = serverRendered("");
    await act(async () => renderApp(<p>fresh</p>, container));
    expect(container.textContent).toBe("fresh");
  });
});
