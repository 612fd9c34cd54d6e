// @vitest-environment jsdom
// Tests the phone menu's toggle: a link to the footer's site map in the server HTML (what a tap does before
// scripts run), a disclosure button once React runs it, by pointer, Enter or Space.
import * as React from "react";
import { renderToString } from "react-dom/server";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { afterEach, describe, expect, it } from "vitest";
import { SITE_MAP_ID } from "../../../src/components/Footer";
import { PhoneMenu } from "../../../src/components/PhoneMenu";
import { theme } from "../../../src/styles/theme";

afterEach(cleanup);

const menu = (
  <ThemeProvider theme={theme}>
    <PhoneMenu pathname="/" />
  </ThemeProvider>
);

describe("the phone menu's toggle", () => {
  it("is a link to the footer's site map in the server HTML", () => {
    const host = document.createElement("div");
    host.innerHTML = renderToString(menu);
    const toggle = host.querySelector('[aria-controls="phone-menu"]');
    expect(toggle?.tagName).toBe("A");
    expect(toggle?.getAttribute("href")).toBe(`#${SITE_MAP_ID}`);
    expect(toggle?.getAttribute("role")).toBe("button");
    expect(toggle?.getAttribute("aria-expanded")).toBe("false");
  });

  it("opens and closes the menu instead of following the link once React runs it", () => {
    render(menu);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const prevented = !fireEvent.click(toggle);
    expect(prevented).toBe(true); // the page does not jump to the footer
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("button", { name: "Close menu" })).toBe(toggle);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("answers Space like a button (a link answers only Enter by itself)", () => {
    render(menu);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const prevented = !fireEvent.keyDown(toggle, { key: " " });
    expect(prevented).toBe(true); // no page scroll
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(toggle, { key: "a" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
  });
});
