// @vitest-environment jsdom
// Tests the phone menu's toggle: a link to the footer's site map in the server HTML (what a tap does before
// scripts run), a disclosure button once React runs it, by pointer, Enter or Space.
import fs from "node:fs";
import path from "node:path";
import * as React from "react";
import { renderToString } from "react-dom/server";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { afterEach, describe, expect, it } from "vitest";
import { SITE_MAP_ID } from "../../../src/components/Footer";
import { PhoneMenu } from "../../../src/components/PhoneMenu";
import { nextTask } from "../../../src/runtime/nextTask";
import { fillPlaceholders, parseYamlFile } from "../../../src/data/content";
import { parseNavigation } from "../../../src/data/navigationSchema";
import { NavigationContext } from "../../../src/hooks/useNavigation";
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
    const toggle = host.querySelector(`a[href="#${SITE_MAP_ID}"]`);
    expect(toggle?.getAttribute("role")).toBe("button");
    expect(toggle?.getAttribute("aria-expanded")).toBe("false");
    // The panel comes with the first tap: until then the toggle names no element that is not there.
    expect(toggle?.hasAttribute("aria-controls")).toBe(false);
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

/** The menu with its panel, which renders the site's navigation (loaded once the menu first opens). */
const source = "content/settings/navigation.yml";
const navigation = parseNavigation(
  fillPlaceholders(
    parseYamlFile(fs.readFileSync(path.resolve(__dirname, "../../..", source), "utf8"), source),
  ),
  source,
);
const menuWithPanel = (
  <ThemeProvider theme={theme}>
    <NavigationContext.Provider value={navigation}>
      <PhoneMenu pathname="/" />
    </NavigationContext.Provider>
  </ThemeProvider>
);

describe("the page behind the open menu", () => {
  it("stops scrolling after the tap's own frame, and scrolls again when the menu closes", async () => {
    render(menuWithPanel);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    // Not in the tap's frame: the body's overflow changes the page's root scroller.
    expect(document.body.style.overflow).toBe("");
    await waitFor(() => expect(document.body.style.overflow).toBe("hidden"));
    fireEvent.click(toggle);
    expect(document.body.style.overflow).toBe("");
  });

  it("is never locked by a menu closed again before the frame", async () => {
    render(menuWithPanel);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    await act(async () => {
      for (let i = 0; i < 5; i++) await nextTask();
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    expect(document.body.style.overflow).toBe("");
  });
});
