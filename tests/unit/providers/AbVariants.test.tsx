// @vitest-environment jsdom
// Tests AbVariants with the experiments provider: the assigned variant alone stays in the DOM, keeping its state.
import * as React from "react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { AbVariants } from "../../../src/providers/experiments/AbVariants";
import { ExperimentsProvider } from "../../../src/providers/experiments/ExperimentsProvider";
import { FLAGS_STORAGE_KEY } from "../../../src/providers/experiments/flags";

const page = (
  <ExperimentsProvider>
    <AbVariants
      experiment="home"
      control={<h1>Control heading</h1>}
      treatment={
        <>
          <h1>Treatment heading</h1>
          <label>
            Email <input name="email" />
          </label>
        </>
      }
    />
  </ExperimentsProvider>
);

describe("AbVariants", () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.documentElement.removeAttribute("data-ab-home");
  });
  afterEach(cleanup);

  it("server-renders both variants so CSS can pick one before paint", () => {
    const html = renderToString(page);
    expect(html).toContain('data-ab-variant="home:control"');
    expect(html).toContain('data-ab-variant="home:treatment"');
  });

  it("keeps only the assigned variant once the flags are known, and marks <html> to match", async () => {
    window.localStorage.setItem(FLAGS_STORAGE_KEY, JSON.stringify({ home: "treatment" }));
    render(page);
    await waitFor(() => expect(screen.queryByText("Control heading")).toBeNull());
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      "Treatment heading",
    ]);
    expect(document.documentElement.getAttribute("data-ab-home")).toBe("treatment");
  });

  it("keeps control for a control visitor", async () => {
    window.localStorage.setItem(FLAGS_STORAGE_KEY, JSON.stringify({ home: "control" }));
    render(page);
    await waitFor(() => expect(screen.queryByText("Treatment heading")).toBeNull());
    expect(screen.getByText("Control heading")).toBeTruthy();
  });

  it("does not remount the variant that stays: typed input survives the flags arriving", async () => {
    window.localStorage.setItem(FLAGS_STORAGE_KEY, JSON.stringify({ home: "treatment" }));
    const { container } = render(page);
    const input = container.querySelector("input[name=email]") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "a@b.co" } });
    await waitFor(() => expect(screen.queryByText("Control heading")).toBeNull());
    expect(container.querySelector("input[name=email]")).toBe(input);
    expect(input.value).toBe("a@b.co");
  });
});
