// @vitest-environment jsdom
// Tests the ROI calculator in a DOM: the shared schema's limits at each input, no submit until valid, server messages mapped back.
import * as React from "react";
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
} from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { ThemeProvider } from "styled-components";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { definitions } from "../../../src/forms/definitions/index";
import { failureMessages } from "../../../src/forms/formState";
import { RoiCalculator } from "../../../src/forms/RoiCalculator";
import { roiFields } from "../../../src/leads/roiFields";
import { resetCountry } from "../../../src/providers/consent/country";
import { theme } from "../../../src/styles/theme";

type Answer = { status: number; body: unknown };

function stubServer(answers: Answer[]) {
  const posts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes("/api/get-country"))
        return new Response(JSON.stringify({ country: "US" }), { status: 200 });
      posts.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      const answer = answers.shift() ?? { status: 200, body: { ok: true, id: "roi-1" } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return posts;
}

const renderCalculator = () =>
  render(
    <ThemeProvider theme={theme}>
      <RoiCalculator definition={definitions.ContactRoiCalculator} />
    </ThemeProvider>,
  );

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const rate = () => input("Chargeback rate (%)");
const send = () =>
  screen.getByRole("button", { name: "Email me this estimate" }) as HTMLButtonElement;

/** The message tied to an input: invalid, described by a visible element holding the text. */
function expectMessageAt(element: HTMLInputElement, text: string) {
  expect(element.getAttribute("aria-invalid")).toBe("true");
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ");
  const described = ids.map((id) => document.getElementById(id)?.textContent ?? "");
  expect(described).toContain(text);
}

async function typeEmailAndSend(address = "cfo@example.org") {
  fireEvent.change(input("Work email"), { target: { value: address } });
  await waitFor(() => expect(send().disabled).toBe(false));
  fireEvent.click(send());
}

// The form's schema is a chunk imported when first needed: beside a build on two cores that import took over
// Testing Library's default second, so its waits get a generous bound here (not a speed target).
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => resetCountry());
afterEach(() => cleanup());

describe("RoiCalculator", () => {
  it("shows the shared schema's limits as messages at each input as the visitor types", async () => {
    stubServer([]);
    renderCalculator();
    fireEvent.change(rate(), { target: { value: "200" } });
    await screen.findByText("Enter a value of at most 100.");
    expectMessageAt(rate(), "Enter a value of at most 100.");
    const loss = input("Approximate fraud loss per year ($)");
    fireEvent.change(loss, { target: { value: "-1" } });
    await screen.findByText("Enter a value of at least 0.");
    expectMessageAt(loss, "Enter a value of at least 0.");
    // The limits come from the schema too.
    await waitFor(() => expect(rate().getAttribute("max")).toBe("100"));
    // Fixed: the message goes.
    fireEvent.change(rate(), { target: { value: "1.5" } });
    await waitFor(() => expect(screen.queryByText("Enter a value of at most 100.")).toBeNull());
    expect(rate().getAttribute("aria-invalid")).toBeNull();
  });

  it("says an emptied input needs a number once the visitor leaves it, not while retyping", async () => {
    stubServer([]);
    renderCalculator();
    const value = input("Average transaction value ($)");
    fireEvent.change(value, { target: { value: "" } });
    // Give the schema time to arrive: still nothing while the visitor is in the field.
    await waitFor(() => expect(rate().getAttribute("max")).toBe("100"));
    expect(screen.queryByText("Enter a number.")).toBeNull();
    fireEvent.blur(value);
    await screen.findByText("Enter a number.");
    expectMessageAt(value, "Enter a number.");
  });

  it("sends nothing while an input is out of range, puts focus on it, and sends once it is fixed", async () => {
    const posts = stubServer([]);
    renderCalculator();
    fireEvent.change(rate(), { target: { value: "200" } });
    await typeEmailAndSend();
    await waitFor(() => expect(document.activeElement).toBe(rate()));
    expectMessageAt(rate(), "Enter a value of at most 100.");
    expect(posts).toHaveLength(0);

    fireEvent.change(rate(), { target: { value: "2" } });
    fireEvent.click(send());
    await screen.findByText("Your estimate is on its way.");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.[roiFields.chargebackRate]).toBe(2);
    expect(posts[0]?.email).toBe("cfo@example.org");
  });

  it("shows a server 422 about a roi_* field at that input, focused, instead of an empty 'check the fields'", async () => {
    stubServer([
      {
        status: 422,
        body: {
          error: {
            code: "rejected_upstream",
            message: failureMessages.fields,
            fields: { [roiFields.chargebackRate]: "This number is out of range." },
          },
        },
      },
    ]);
    renderCalculator();
    await typeEmailAndSend();
    await screen.findByText("This number is out of range.");
    expectMessageAt(rate(), "This number is out of range.");
    expect(document.activeElement).toBe(rate());
    expect(screen.getByRole("alert").textContent).toBe(failureMessages.fields);
    // Editing retires the server's message.
    fireEvent.change(rate(), { target: { value: "0.5" } });
    await waitFor(() => expect(screen.queryByText("This number is out of range.")).toBeNull());
    expect(document.activeElement).toBe(rate());
  });

  it("checks a value typed into the server-rendered calculator before its code ran", async () => {
    stubServer([]);
    const tree = (
      <ThemeProvider theme={theme}>
        <RoiCalculator definition={definitions.ContactRoiCalculator} />
      </ThemeProvider>
    );
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(tree);
    const field = container.querySelector<HTMLInputElement>("input[name='chargebackRate']");
    if (!field) throw new Error("no chargeback rate input");
    field.value = "200";
    const root = await act(async () => hydrateRoot(container, tree));
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(container.textContent).toContain("at most 100");
    act(() => root.unmount());
    container.remove();
  });
});
