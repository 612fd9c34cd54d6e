// @vitest-environment jsdom
// Tests the Form component and its hook in a DOM: field messages, failure with the data kept, retry, offline, one request per click.
import * as React from "react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SENDING_ATTRIBUTE } from "../../../src/components/Button";
import { Form } from "../../../src/forms/Form";
import { resetCountry } from "../../../src/providers/consent/country";
import { definitions } from "../../../src/forms/definitions/index";
import { failureMessages } from "../../../src/forms/formState";
import { theme } from "../../../src/styles/theme";

type Answer = { status: number; body: unknown } | "network";

const keys: (string | null)[] = [];

function stubServer(answers: Answer[]) {
  const posts: unknown[] = [];
  keys.length = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes("/api/get-country"))
      return new Response(JSON.stringify({ country: "DE" }), { status: 200 });
    posts.push(JSON.parse(String(init?.body)));
    keys.push(new Headers(init?.headers).get("idempotency-key"));
    const answer = answers.shift() ?? { status: 200, body: { ok: true, id: "x" } };
    if (answer === "network") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return posts;
}

const renderSupport = () =>
  render(
    <ThemeProvider theme={theme}>
      <Form definition={definitions.ContactSupport} />
    </ThemeProvider>,
  );

beforeEach(() => resetCountry());
afterEach(() => cleanup());

const email = () => screen.getByLabelText("Work email") as HTMLInputElement;
const describe_ = () => screen.getByLabelText("How can we help?") as HTMLTextAreaElement;

async function fillAndSend(address = "dev@example.org") {
  fireEvent.change(email(), { target: { value: address } });
  fireEvent.change(describe_(), { target: { value: "The agent times out." } });
  await waitFor(() =>
    expect(
      (screen.getByRole("button", { name: "Send to support" }) as HTMLButtonElement).disabled,
    ).toBe(false),
  );
  fireEvent.click(screen.getByRole("button", { name: "Send to support" }));
}

describe("Form", () => {
  it("sends an Idempotency-Key, the same one when the same data is sent again, a new one for changed data", async () => {
    stubServer(["network", "network"]);
    renderSupport();
    await fillAndSend();
    await screen.findByText(/couldn't reach our server/);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(keys).toHaveLength(2));
    await screen.findByText(/couldn't reach our server/);
    fireEvent.change(email(), { target: { value: "other@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Your request is in the support queue.");
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("posts the enriched payload and shows the success text", async () => {
    const posts = stubServer([]);
    renderSupport();
    await fillAndSend();
    await screen.findByText("Your request is in the support queue.");
    expect(posts).toEqual([
      {
        email: "dev@example.org",
        description: "The agent times out.",
        utm_info: {},
        visitorId: "",
        ipRegion: "EMEA",
      },
    ]);
  });

  it("shows a server field error at the field, tied with aria-describedby, and focuses it", async () => {
    stubServer([
      {
        status: 422,
        body: {
          error: {
            code: "rejected_upstream",
            message: "m",
            fields: { email: "Please use your work email." },
          },
        },
      },
    ]);
    renderSupport();
    await fillAndSend("someone@blocked.example");
    const message = await screen.findByText("Please use your work email.");
    expect(email().getAttribute("aria-invalid")).toBe("true");
    expect(email().getAttribute("aria-describedby")).toContain(message.id);
    expect(document.activeElement).toBe(email());
  });

  it("keeps the typed data after a network failure and succeeds on retry", async () => {
    const posts = stubServer(["network"]);
    renderSupport();
    await fillAndSend();
    await screen.findByText(/couldn't reach our server/);
    expect(email().value).toBe("dev@example.org");
    expect(describe_().value).toBe("The agent times out.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Your request is in the support queue.");
    expect(posts).toHaveLength(2);
  });

  it("says so when the visitor is offline", async () => {
    stubServer(["network"]);
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    renderSupport();
    await fillAndSend();
    await screen.findByText(/You seem to be offline/);
  });

  it("gives the network advice when the schemas' chunk cannot load, sends nothing, and a retry works", async () => {
    const posts = stubServer([]);
    const schemas = await import("../../../src/forms/payloadSchemas");
    const load = vi
      .spyOn(schemas, "loadPayloadSchemas")
      .mockRejectedValueOnce(new TypeError("Loading chunk form-schemas failed"));
    renderSupport();
    await fillAndSend();
    await screen.findByText(/couldn't reach our server/);
    expect(posts).toHaveLength(0);
    expect(email().value).toBe("dev@example.org");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Your request is in the support queue.");
    expect(posts).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("marks the form busy in the tap itself, and hands over to React's busy state in a later frame", async () => {
    const posts = stubServer([]);
    renderSupport();
    await fillAndSend();
    // Synchronously after the click: the attribute the busy style keys on, no React render yet.
    const form = email().closest("form") as HTMLFormElement;
    expect(form.hasAttribute(SENDING_ATTRIBUTE)).toBe(true);
    expect(screen.getByRole("button", { name: "Send to support" })).toBeTruthy();
    expect(posts).toHaveLength(0);
    // Then React's own busy state, which takes the attribute off, and the request.
    const busy = await screen.findByRole("button", { name: "Sending…" });
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    await waitFor(() => expect(form.hasAttribute(SENDING_ATTRIBUTE)).toBe(false));
    await screen.findByText("Your request is in the support queue.");
    expect(posts).toHaveLength(1);
  });

  it("leaves no busy mark when the shared schema refuses the values after the tap", async () => {
    const posts = stubServer([]);
    renderSupport();
    await fillAndSend("not-an-address");
    const form = email().closest("form") as HTMLFormElement;
    await waitFor(() => expect(email().getAttribute("aria-invalid")).toBe("true"));
    expect(form.hasAttribute(SENDING_ATTRIBUTE)).toBe(false);
    expect(
      screen.getByRole("button", { name: "Send to support" }).getAttribute("aria-disabled"),
    ).toBe(null);
    expect(posts).toHaveLength(0);
  });

  it("sends one request however often the button is pressed while loading", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const posts: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes("get-country")) return new Response("{}", { status: 200 });
        posts.push(init?.body);
        await gate;
        return new Response(JSON.stringify({ ok: true, id: "1" }), { status: 200 });
      }),
    );
    renderSupport();
    await fillAndSend();
    const form = email().closest("form") as HTMLFormElement;
    // Busy, not disabled: the button keeps the focus the visitor gave it.
    const busy = await screen.findByRole("button", { name: "Sending…" });
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    expect((busy as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(busy);
    fireEvent.submit(form);
    fireEvent.submit(form);
    await act(async () => release());
    await screen.findByText("Your request is in the support queue.");
    expect(posts).toHaveLength(1);
  });

  it("moves focus to the first invalid field after a refused submit, and leaves it there while the visitor fixes it", async () => {
    const posts = stubServer([]);
    renderSupport();
    const send = screen.getByRole("button", { name: "Send to support" }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    // Both fields empty: two messages, focus on the first.
    fireEvent.click(send);
    await waitFor(() => expect(email().getAttribute("aria-invalid")).toBe("true"));
    expect(describe_().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(email());
    // Typing clears the email's message; the description is still invalid, but focus must not jump.
    fireEvent.change(email(), { target: { value: "d" } });
    await waitFor(() => expect(email().getAttribute("aria-invalid")).toBeNull());
    fireEvent.change(email(), { target: { value: "dev@example.org" } });
    await act(async () => {});
    expect(document.activeElement).toBe(email());
    expect(describe_().getAttribute("aria-invalid")).toBe("true");
    expect(posts).toHaveLength(0);
  });

  it("after a server 422 on two fields, focuses the first, and typing there keeps the focus", async () => {
    stubServer([
      {
        status: 422,
        body: {
          error: {
            code: "invalid_fields",
            message: failureMessages.fields,
            fields: { email: "Please use your work email.", description: "Too short." },
          },
        },
      },
    ]);
    renderSupport();
    await fillAndSend("someone@blocked.example");
    await screen.findByText("Too short.");
    expect(document.activeElement).toBe(email());
    fireEvent.change(email(), { target: { value: "someone@company.example" } });
    await waitFor(() => expect(screen.queryByText("Please use your work email.")).toBeNull());
    expect(document.activeElement).toBe(email());
  });

  it("explains a refusal about a field the visitor cannot see, keeps the data and offers the retry", async () => {
    const posts = stubServer([
      {
        status: 422,
        body: {
          error: {
            code: "invalid_fields",
            message: failureMessages.fields,
            fields: { visitorId: "Unexpected visitor id." },
          },
        },
      },
    ]);
    renderSupport();
    await fillAndSend();
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert.textContent).toBe(failureMessages.notVisible));
    expect(screen.queryByText(failureMessages.fields)).toBeNull();
    expect(email().getAttribute("aria-invalid")).toBeNull();
    expect(describe_().getAttribute("aria-invalid")).toBeNull();
    expect(email().value).toBe("dev@example.org");
    expect(describe_().value).toBe("The agent times out.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Your request is in the support queue.");
    expect(posts).toHaveLength(2);
  });

  it("checks on the client first and sends nothing when a field is wrong", async () => {
    const posts = stubServer([]);
    renderSupport();
    await fillAndSend("not-an-email");
    await screen.findByText("Enter an email address like name@company.com.");
    expect(posts).toHaveLength(0);
  });
});
