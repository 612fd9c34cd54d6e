// @vitest-environment jsdom
// The header and footer render what the navigation content file says: a label changed in a copy of
// content/settings/navigation.yml shows in the header's menus and the footer, the keyboard still opens
// and closes the menus, and the site's static-query hook turns GraphQL's nulls into absent fields.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as React from "react";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { Footer } from "../../../src/components/Footer";
import { Header } from "../../../src/components/Header";
import type { Navigation } from "../../../src/config/navigation";
import { site } from "../../../src/config/site";
import { fillPlaceholders, parseYamlFile } from "../../../src/data/content";
import { parseNavigation } from "../../../src/data/navigationSchema";
import { NavigationContext } from "../../../src/hooks/useNavigation";
import { theme } from "../../../src/styles/theme";

const staticQuery = vi.hoisted(() => ({ result: null as unknown }));
vi.mock("gatsby", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  graphql: () => null,
  useStaticQuery: () => staticQuery.result,
}));

const contentFile = path.resolve(__dirname, "../../../content/settings/navigation.yml");

/** A temporary copy of the content file with `edit` applied to its text, read as the build reads it. */
function navigationFrom(edit: (text: string) => string): Navigation {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "navigation-"));
  try {
    const file = path.join(dir, "navigation.yml");
    fs.writeFileSync(file, edit(fs.readFileSync(contentFile, "utf8")));
    const source = "content/settings/navigation.yml";
    return parseNavigation(
      fillPlaceholders(parseYamlFile(fs.readFileSync(file, "utf8"), source)),
      source,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const renderChrome = (navigation: Navigation) =>
  render(
    <ThemeProvider theme={theme}>
      <NavigationContext.Provider value={navigation}>
        <Header pathname="/" />
        <Footer />
      </NavigationContext.Provider>
    </ThemeProvider>,
  );

afterEach(cleanup);
// The footer's newsletter island, mounted without server HTML, imports its code at once: let that import end
// before the file's environment is torn down, not during it.
afterAll(() => vi.dynamicImportSettled());

describe("header and footer from the navigation content file", () => {
  it("show a menu label, an entry, a footer column and a social link changed in the file", () => {
    const navigation = navigationFrom((text) =>
      text
        .replace("    title: Developers\n", "    title: Builders\n")
        .replace("      - title: Tutorials\n", "      - title: Guided builds\n")
        .replace("  - title: Company\n", "  - title: About the company\n")
        .replace("  - title: LinkedIn\n", "  - title: LinkedIn page\n"),
    );
    renderChrome(navigation);
    // jsdom applies no media queries (the desktop navigation counts as hidden), so read the DOM.
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]');
    const buttons = [...(nav?.querySelectorAll("button[aria-controls]") ?? [])];
    expect(buttons.map((button) => button.textContent)).toEqual([
      "Builders",
      "Platform",
      "Resources",
      "Demo",
      "Industries",
    ]);
    const developers = document.getElementById(buttons[0]?.getAttribute("aria-controls") ?? "");
    const links = [...(developers?.querySelectorAll("a") ?? [])];
    expect(links.map((a) => a.textContent?.startsWith("Guided builds"))).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("list", { name: "About the company" })).toBeTruthy();
    expect(
      within(within(footer).getByRole("list", { name: "Social profiles" })).getByRole("link", {
        name: "LinkedIn page",
      }),
    ).toBeTruthy();
  });

  it("keeps the keyboard behaviour: ArrowDown opens a menu on its first link, Escape closes it", async () => {
    renderChrome(
      navigationFrom((text) => text.replace("    title: Developers\n", "    title: Builders\n")),
    );
    const button = screen.getByRole("button", { name: "Builders", hidden: true });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    button.focus();
    fireEvent.keyDown(button, { key: "ArrowDown" });
    await act(() => new Promise((resolve) => window.requestAnimationFrame(() => resolve(null))));
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
    expect(panel?.hidden).toBe(false);
    expect(document.activeElement).toBe(panel?.querySelector("a"));
    expect(document.activeElement?.textContent).toContain("Documentation");
    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("names the header's home link with the words it shows (speech input can say what it sees)", () => {
    renderChrome(navigationFrom((text) => text));
    const banner = screen.getByRole("banner", { hidden: true });
    const home = within(banner).getByRole("link", { name: /home$/i, hidden: true });
    expect(home.getAttribute("href")).toBe("/");
    const visible = (home.textContent ?? "").trim();
    expect(visible).toBe(site.productName);
    expect(home.getAttribute("aria-label")?.toLowerCase()).toContain(visible.toLowerCase());
  });

  it("refuses to render without navigation, naming where it comes from", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() =>
      render(
        <ThemeProvider theme={theme}>
          <Footer />
        </ThemeProvider>,
      ),
    ).toThrow(/NavigationContext/);
  });
});

describe("useSiteNavigation (the navigation static query)", () => {
  it("maps the query's nulls to absent fields and keeps the order", async () => {
    const { useSiteNavigation } = await import("../../../src/hooks/useSiteNavigation");
    const entry = { title: "Docs", url: "https://docs.example.test", isLocal: false };
    const unset = { description: null, icon: null, useCasesLink: null, badge: null };
    staticQuery.result = {
      navigation: {
        menus: [
          {
            id: "developers",
            title: "Developers",
            entries: [
              { ...entry, ...unset },
              {
                ...unset,
                title: "SDKs",
                url: "/sdk-libraries/",
                isLocal: true,
                badge: 14,
                icon: "package",
              },
            ],
            groups: null,
          },
        ],
        footerColumns: [
          { title: "Company", entries: [{ title: "About", url: "/about-us/", isLocal: true }] },
        ],
        socialLinks: [
          { title: "GitHub", url: "https://github.com/acme", isLocal: false, icon: null },
        ],
      },
    };
    let seen: Navigation | null = null;
    function Probe() {
      seen = useSiteNavigation();
      return null;
    }
    render(<Probe />);
    expect(seen).toEqual({
      menus: [
        {
          id: "developers",
          title: "Developers",
          entries: [
            entry,
            { title: "SDKs", url: "/sdk-libraries/", isLocal: true, badge: 14, icon: "package" },
          ],
        },
      ],
      footerColumns: [
        { title: "Company", entries: [{ title: "About", url: "/about-us/", isLocal: true }] },
      ],
      socialLinks: [{ title: "GitHub", url: "https://github.com/acme", isLocal: false }],
    });
  });
});
