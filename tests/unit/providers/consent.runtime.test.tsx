// @vitest-environment jsdom
// The consent provider in a DOM: the country lookup and its failures, blocked storage, and the reopened banner.
import * as React from "react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadCountry, resetCountry } from "../../../src/providers/consent/country";
import { ConsentProvider } from "../../../src/providers/consent/ConsentProvider";
import { useConsent } from "../../../src/providers/consent/useConsent";
import { CONSENT_STORAGE_KEY } from "../../../src/providers/consent/consent";
import { theme } from "../../../src/styles/theme";

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe("loadCountry", () => {
  beforeEach(() => resetCountry());

  it("reads the country of a 200 answer", async () => {
    expect(await loadCountry(answer(200, { country: "DE" }))).toBe("DE");
  });

  it("treats a malformed country as unknown without an error", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await loadCountry(answer(200, { country: "<b>" }))).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ["an error status", answer(500, { error: "boom" })],
    [
      "a network failure",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ],
    ["a body that is not JSON", vi.fn(async () => new Response("<html>", { status: 200 }))],
  ])("logs 'Error fetching country data:' on %s and answers unknown", async (_, fetchImpl) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await loadCountry(fetchImpl as unknown as typeof fetch)).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toBe("Error fetching country data:");
  });

  it("drops the body of an error answer, so a host's error page does not hold the connection", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cancel = vi.fn();
    const body = new ReadableStream({ pull: () => undefined, cancel });
    expect(await loadCountry(vi.fn(async () => new Response(body, { status: 404 })))).toBeNull();
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it("asks once per page load", async () => {
    const fetchImpl = answer(200, { country: "US" });
    await Promise.all([loadCountry(fetchImpl), loadCountry(fetchImpl)]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

function Probe() {
  const consent = useConsent();
  return (
    <>
      <output data-testid="choice">{consent.choice.join(",")}</output>
      <button type="button" onClick={consent.openSettings}>
        Cookie settings
      </button>
    </>
  );
}

const app = () =>
  render(
    <ThemeProvider theme={theme}>
      <ConsentProvider>
        <Probe />
      </ConsentProvider>
    </ThemeProvider>,
  );

describe("ConsentProvider", () => {
  beforeEach(() => {
    resetCountry();
    window.localStorage.clear();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ country: "FR" }), { status: 200 })),
    );
  });
  afterEach(cleanup);

  it("keeps working when storage is blocked: the EU visitor gets the banner", async () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    app();
    expect(await screen.findByRole("region", { name: "Cookies on this site" })).toBeTruthy();
  });

  it("reopened from the footer: Close and Escape leave the choice as it was and give focus back", async () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(["required"]));
    app();
    await waitFor(() => expect(screen.getByTestId("choice").textContent).toBe("required"));
    expect(screen.queryByRole("region", { name: "Cookies on this site" })).toBeNull();

    const opener = screen.getByRole("button", { name: "Cookie settings" });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole("region", { name: "Cookies on this site" });
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Cookies on this site"));
    act(() => {
      fireEvent.keyDown(document, { key: "Escape" });
    });
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Cookies on this site" })).toBeNull(),
    );
    expect(document.activeElement).toBe(opener);
    expect(screen.getByTestId("choice").textContent).toBe("required");

    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole("button", { name: "Close cookie settings" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Cookies on this site" })).toBeNull(),
    );
  });

  it("has no Close button the first time: a choice is needed", async () => {
    app();
    await screen.findByRole("region", { name: "Cookies on this site" });
    expect(screen.queryByRole("button", { name: "Close cookie settings" })).toBeNull();
  });

  it("tells the page how much of the viewport it covers while open, so focus is kept clear of it", async () => {
    app();
    await screen.findByRole("region", { name: "Cookies on this site" });
    const space = () => document.documentElement.style.getPropertyValue(theme.vars.bannerSpace);
    // jsdom lays nothing out: the box starts at the top, so it covers the whole viewport.
    expect(space()).toBe(`${window.innerHeight}px`);
    fireEvent.click(screen.getByRole("button", { name: "Reject all" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Cookies on this site" })).toBeNull(),
    );
    expect(space()).toBe("");
  });
});
