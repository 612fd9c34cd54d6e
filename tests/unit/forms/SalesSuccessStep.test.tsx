// @vitest-environment jsdom
// Tests the sales and demo success step: the region's team, the call booking link, and the events both send.
import * as React from "react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "../../../src/config/site";
import { LeadForm } from "../../../src/forms/LeadForm";
import { SalesSuccessStep } from "../../../src/forms/SalesSuccessStep";
import { resetCountry } from "../../../src/providers/consent/country";
import { tracking } from "../../../src/providers/analytics/tracking";
import { theme } from "../../../src/styles/theme";

// A site configured with a scheduling page (GATSBY_SALES_CALL_URL); the default has none.
vi.mock("../../../src/config/site", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../src/config/site")>();
  return {
    ...actual,
    site: {
      ...actual.site,
      external: { ...actual.site.external, salesCall: "https://meet.example.org/sales" },
    },
  };
});

function stubServer(country: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes("/api/get-country"))
        return new Response(JSON.stringify({ country }), { status: 200 });
      return new Response(JSON.stringify({ ok: true, id: "lead-1" }), { status: 200 });
    }),
  );
}

// jsdom does not open tabs; the test is about what the click reports, not where it goes.
const stopNavigation = (event: MouseEvent) => {
  if (event.target instanceof Element && event.target.closest("a")) event.preventDefault();
};

beforeEach(() => {
  resetCountry();
  document.addEventListener("click", stopNavigation);
});
afterEach(() => {
  document.removeEventListener("click", stopNavigation);
  cleanup();
});

async function submit(form: "ContactSales" | "GetDemo", button: string) {
  render(
    <ThemeProvider theme={theme}>
      <LeadForm form={form} />
    </ThemeProvider>,
  );
  fireEvent.change(screen.getByLabelText("Work email"), {
    target: { value: "buyer@example.org" },
  });
  const send = screen.getByRole("button", { name: button }) as HTMLButtonElement;
  await waitFor(() => expect(send.disabled).toBe(false));
  fireEvent.click(send);
}

describe("sales success step", () => {
  it.each([
    ["ContactSales", "Talk to sales", "salesContacted"],
    ["GetDemo", "Request a demo", "getDemoContacted"],
  ] as const)(
    "%s: names the region's team, offers a call, and sends Web Sales Call Scheduled when it is followed",
    async (form, button, contacted) => {
      const contactedSpy = vi.spyOn(tracking, contacted);
      const submitted = vi.spyOn(tracking, "webFormSubmitted");
      const scheduled = vi.spyOn(tracking, "webSalesCallScheduled");
      stubServer("BR");
      await submit(form, button);

      await screen.findByText(/Our Americas team will email you within one business day/);
      // The form's own events are still sent on success.
      expect(submitted).toHaveBeenCalledWith({ formId: form, "page path": "/" });
      expect(contactedSpy).toHaveBeenCalledWith({
        formId: form,
        "page path": "/",
        region: "LATAM",
      });

      const call = screen.getByRole("link", { name: /Pick a time for a call/ });
      expect(call.getAttribute("href")).toBe("https://meet.example.org/sales");
      expect(site.external.salesCall).toBe("https://meet.example.org/sales");
      expect(call.getAttribute("target")).toBe("_blank");
      expect(call.getAttribute("rel")).toContain("noopener");
      // Showing the offer is not scheduling a call.
      expect(scheduled).not.toHaveBeenCalled();
      fireEvent.click(call);
      expect(scheduled).toHaveBeenCalledTimes(1);
      expect(scheduled).toHaveBeenCalledWith({ formId: form, "page path": "/" });
    },
  );

  it("offers no booking link when no scheduling page is configured", () => {
    render(
      <ThemeProvider theme={theme}>
        <SalesSuccessStep
          definition={{ id: "ContactSales", success: { title: "Thanks", body: "We will write." } }}
          country="DE"
          salesCallUrl={null}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText(/Our Europe, Middle East and Africa team will email you/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Pick a time for a call/ })).toBeNull();
  });
});
