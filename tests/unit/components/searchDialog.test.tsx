// @vitest-environment jsdom
// The search dialog's combobox (WAI-ARIA's pattern) with the search client replaced: results as options while
// typing, arrow keys move the active option, Enter opens it, Escape closes; suggestions when nothing is found;
// and which keys open the search.
import * as React from "react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { theme } from "../../../src/styles/theme";
import { opensSearch } from "../../../src/hooks/searchRequests";

const navigate = vi.fn();
vi.mock("gatsby", () => ({ navigate: (url: string) => navigate(url) }));

const RESULTS = [
  {
    url: "/blog/sms-pumping-fraud/",
    title: "SMS pumping",
    section: "Blog",
    excerpt: "the <mark>telecom</mark> bill",
  },
  {
    url: "/sms-fraud/",
    title: "SMS fraud",
    section: "Use case",
    excerpt: "<mark>telecom</mark> &lt;costs&gt;",
  },
];
vi.mock("../../../src/clients/siteSearch", async (original) => ({
  ...(await original<typeof import("../../../src/clients/siteSearch")>()),
  loadSearch: () => Promise.resolve({}),
  searchSite: (term: string) =>
    Promise.resolve(
      term === "telecom" ? { term, total: 2, results: RESULTS } : { term, total: 0, results: [] },
    ),
}));

const { default: SearchDialog } = await import("../../../src/components/SearchDialog");

beforeAll(() => {
  // jsdom has no modal dialogs: open and close are enough here.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
  // Nor layout: the active option is scrolled into view, which needs only to be callable.
  Element.prototype.scrollIntoView = function scrollIntoView() {};
});

afterEach(() => {
  cleanup();
  navigate.mockReset();
});

function renderDialog(onClose = vi.fn()) {
  render(
    <ThemeProvider theme={theme}>
      <SearchDialog open onClose={onClose} />
    </ThemeProvider>,
  );
  return { onClose, input: screen.getByRole("combobox", { name: "Search the site" }) };
}

describe("the search dialog", () => {
  it("lists results while typing, each with its section and the words marked", async () => {
    const { input } = renderDialog();
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: "telecom" } });
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    const [first, second] = screen.getAllByRole("option");
    expect(first?.textContent).toContain("SMS pumping");
    expect(first?.textContent).toContain("Blog");
    expect(first?.querySelector("mark")?.textContent).toBe("telecom");
    // Pagefind's escaped text stays text.
    expect(second?.textContent).toContain("<costs>");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("2 results for “telecom”");
  });

  it("moves through the options with the arrow keys and opens the active one with Enter", async () => {
    const { input, onClose } = renderDialog();
    fireEvent.change(input, { target: { value: "telecom" } });
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe("site-search-option-1");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe("site-search-option-0");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(screen.getAllByRole("option")[1]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(navigate).toHaveBeenCalledWith("/sms-fraud/");
    expect(onClose).toHaveBeenCalledWith({ returnFocus: false });
  });

  it("sends Enter without an active option to the results page", async () => {
    const { input } = renderDialog();
    fireEvent.change(input, { target: { value: "telecom" } });
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    fireEvent.keyDown(input, { key: "Enter" });
    expect(navigate).toHaveBeenCalledWith("/search/?q=telecom");
  });

  it("suggests pages when nothing is found", async () => {
    const { input } = renderDialog();
    fireEvent.change(input, { target: { value: "zebrafish" } });
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("No results for “zebrafish”"),
    );
    expect(screen.getByRole("listbox", { name: "Suggested pages" })).toBeTruthy();
    expect(screen.getAllByRole("option")[0]?.textContent).toContain("Pricing");
  });

  it("closes on Escape (the dialog's cancel), giving the focus back", () => {
    const { onClose } = renderDialog();
    act(() => {
      screen.getByRole("dialog").dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(onClose).toHaveBeenCalledWith({ returnFocus: true });
  });
});

describe("the keys that open the search", () => {
  const key = (init: Partial<KeyboardEvent>, target: EventTarget | null = document.body) =>
    opensSearch({
      key: "",
      metaKey: false,
      ctrlKey: false,
      altKey: false,
      shiftKey: false,
      target,
      ...init,
    });

  it("⌘K and Ctrl+K anywhere, / only when not typing", () => {
    const field = document.createElement("input");
    const editable = document.createElement("div");
    editable.contentEditable = "true";
    expect(key({ key: "k", metaKey: true })).toBe(true);
    expect(key({ key: "K", ctrlKey: true }, field)).toBe(true);
    expect(key({ key: "/" })).toBe(true);
    expect(key({ key: "/" }, field)).toBe(false);
    expect(key({ key: "/" }, document.createElement("textarea"))).toBe(false);
    expect(key({ key: "k" })).toBe(false);
    expect(key({ key: "k", ctrlKey: true, shiftKey: true })).toBe(false);
    expect(key({ key: "/", altKey: true })).toBe(false);
  });
});
