// @vitest-environment jsdom
// Opening a header menu renders only what changes: the menu's panel shows, and no link in the header (the
// panel's entries, the logo, pricing, the actions, each a Gatsby link with its prefetch observer) is rendered
// again inside the tap's frame (the interaction benchmark's header menu, docs/performance.md).
import * as React from "react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Header } from "../../../src/components/Header";
import type { Navigation } from "../../../src/config/navigation";
import { fillPlaceholders, parseYamlFile } from "../../../src/data/content";
import { parseNavigation } from "../../../src/data/navigationSchema";
import { NavigationContext } from "../../../src/hooks/useNavigation";
import { theme } from "../../../src/styles/theme";
import fs from "node:fs";
import path from "node:path";

const rendered = vi.hoisted(() => ({ links: [] as string[] }));
vi.mock("../../../src/components/Link", async () => {
  const ReactModule = await import("react");
  return {
    Link: ReactModule.forwardRef<HTMLAnchorElement, { href: string; children: React.ReactNode }>(
      function CountedLink({ href, children, ...rest }, ref) {
        rendered.links.push(href);
        return ReactModule.createElement("a", { href, ref, ...rest }, children);
      },
    ),
  };
});

const source = "content/settings/navigation.yml";
const navigation: Navigation = parseNavigation(
  fillPlaceholders(
    parseYamlFile(fs.readFileSync(path.resolve(__dirname, "../../..", source), "utf8"), source),
  ),
  source,
);

afterEach(cleanup);

describe("opening a header menu", () => {
  it("shows its panel without rendering any of the header's links again", () => {
    render(
      <ThemeProvider theme={theme}>
        <NavigationContext.Provider value={navigation}>
          <Header pathname="/" />
        </NavigationContext.Provider>
      </ThemeProvider>,
    );
    const menu = navigation.menus.find((m) => m.entries.length > 3) ?? navigation.menus[0]!;
    const panel = document.getElementById(`menu-${menu.id}`)!;
    expect(panel.hidden).toBe(true);
    // Every link was rendered once on mount: the count below is not zero because nothing renders links.
    expect(rendered.links.length).toBeGreaterThan(menu.entries.length);

    rendered.links = [];
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: menu.title, hidden: true }));
    });
    expect(panel.hidden).toBe(false);
    expect(panel.querySelectorAll("a")).toHaveLength(
      menu.entries.length +
        (menu.groups ? menu.groups.reduce((n, g) => n + g.entries.length, 0) + 1 : 0),
    );
    expect(rendered.links).toEqual([]);
  });
});
