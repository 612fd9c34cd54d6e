// @vitest-environment jsdom
// Tests that menus close on a navigation but not on their first render, where a tap that arrives before
// the mount's effects have run (time-sliced hydration) must keep the menu it opened.
import * as React from "react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SITE_MAP_ID } from "../../../src/components/Footer";
import { PhoneMenu } from "../../../src/components/PhoneMenu";
import { useOnPathnameChange } from "../../../src/hooks/useOnPathnameChange";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../src/styles/theme";

afterEach(cleanup);

function Probe({ pathname, onChange }: { pathname: string; onChange: () => void }) {
  useOnPathnameChange(pathname, onChange);
  return null;
}

/** Clicks the phone menu's toggle while React commits, before any passive effect of the mount ran. */
function TapDuringCommit() {
  React.useLayoutEffect(() => {
    document.querySelector<HTMLElement>(`a[href="#${SITE_MAP_ID}"]`)?.click();
  }, []);
  return null;
}

describe("useOnPathnameChange", () => {
  it("calls back when the path changes, not when the component mounts or re-renders", () => {
    const onChange = vi.fn();
    const { rerender } = render(<Probe pathname="/" onChange={onChange} />);
    rerender(<Probe pathname="/" onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
    rerender(<Probe pathname="/pricing/" onChange={onChange} />);
    expect(onChange).toHaveBeenCalledTimes(1);
    rerender(<Probe pathname="/pricing/" onChange={onChange} />);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("keeps the phone menu open when the first tap lands before the mount's effects", async () => {
    render(
      <ThemeProvider theme={theme}>
        <PhoneMenu pathname="/" />
        <TapDuringCommit />
      </ThemeProvider>,
    );
    await act(async () => undefined);
    const toggle = screen.getByRole("button", { name: "Close menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
  });

  it("closes the phone menu on a navigation", async () => {
    const { rerender } = render(
      <ThemeProvider theme={theme}>
        <PhoneMenu pathname="/" />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("button", { name: "Close menu" })).toBeTruthy();
    rerender(
      <ThemeProvider theme={theme}>
        <PhoneMenu pathname="/pricing/" />
      </ThemeProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
  });
});
