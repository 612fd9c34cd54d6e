// @vitest-environment jsdom
// The header prepares its closed menus' panels (laid out, hidden, out of sight: the styles in
// src/components/Header/styles.ts) only once the page has settled, and one panel per idle period, so no single
// frame lays out all five (the header menu in the interaction benchmark, docs/performance.md).
import * as React from "react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { afterEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { Header } from "../../../src/components/Header";
import type { Navigation } from "../../../src/config/navigation";
import { fillPlaceholders, parseYamlFile } from "../../../src/data/content";
import { parseNavigation } from "../../../src/data/navigationSchema";
import { NavigationContext } from "../../../src/hooks/useNavigation";
import { theme } from "../../../src/styles/theme";

/** The page's settling and each idle period, released by the test. */
const gates = vi.hoisted(() => {
  const make = () => {
    let open = () => {};
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { promise, open };
  };
  return { make, settled: make(), idle: [] as Array<{ open: () => void }> };
});
vi.mock("../../../src/runtime/afterLargestPaint", () => ({
  whenSettled: () => gates.settled.promise,
  idleTime: () => {
    const gate = gates.make();
    gates.idle.push(gate);
    return gate.promise;
  },
}));

const source = "content/settings/navigation.yml";
const navigation: Navigation = parseNavigation(
  fillPlaceholders(
    parseYamlFile(fs.readFileSync(path.resolve(__dirname, "../../..", source), "utf8"), source),
  ),
  source,
);

const prepared = () => document.querySelectorAll("[data-menu-panel][data-prepared]").length;
const flush = () => act(async () => {});

afterEach(() => {
  cleanup();
  gates.settled = gates.make();
  gates.idle = [];
});

function renderHeader() {
  return render(
    <ThemeProvider theme={theme}>
      <NavigationContext.Provider value={navigation}>
        <Header pathname="/" />
      </NavigationContext.Provider>
    </ThemeProvider>,
  );
}

describe("the header's closed menu panels", () => {
  it("are prepared after the page settles, one per idle period, an open one staying open", async () => {
    renderHeader();
    const panels = document.querySelectorAll<HTMLElement>("[data-menu-panel]");
    expect(panels).toHaveLength(navigation.menus.length);
    await flush();
    expect(prepared()).toBe(0);

    // A menu opened before the page settled is marked like the rest and stays open.
    const first = navigation.menus[0]!;
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: first.title, hidden: true }));
    });
    expect(document.getElementById(`menu-${first.id}`)!.hidden).toBe(false);

    gates.settled.open();
    await flush();
    expect(prepared()).toBe(1);
    for (let n = 2; n <= panels.length; n += 1) {
      gates.idle.at(-1)!.open();
      await flush();
      expect(prepared()).toBe(n);
    }
    expect(document.getElementById(`menu-${first.id}`)!.hidden).toBe(false);
    // Closing it leaves it prepared: the styles hide it without dropping its boxes.
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: first.title, hidden: true }));
    });
    const closed = document.getElementById(`menu-${first.id}`)!;
    expect(closed.hidden).toBe(true);
    expect(closed.hasAttribute("data-prepared")).toBe(true);
  });

  it("are left alone when the header goes before the page settles", async () => {
    const { unmount } = renderHeader();
    const nav = document.querySelector("nav")!;
    unmount();
    gates.settled.open();
    await flush();
    expect(nav.querySelectorAll("[data-prepared]")).toHaveLength(0);
  });
});
