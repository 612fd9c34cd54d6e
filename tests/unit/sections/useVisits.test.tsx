// @vitest-environment jsdom
// The demo's visit history asks the visits function with the proof it needs (this round's request id),
// asks nothing without one, and says "unavailable" when the function refuses.
import * as React from "react";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { identificationConfig } from "../../../src/config/identification";
import { useVisits } from "../../../src/sections/IdentificationDemoPanel/useVisits";

afterEach(cleanup);

function Probe({ visitorId, requestId }: { visitorId?: string; requestId?: string }) {
  const state = useVisits(visitorId, requestId);
  return (
    <p data-testid="state">
      {state.status === "loaded" ? `loaded ${state.visits.length}` : state.status}
    </p>
  );
}

const VISITOR = "Xy7qK2mPz9RtLw4Vb1Nc";
const REQUEST = "1767225600123.Ab3dEf";

describe("useVisits", () => {
  it("sends this round's request id as the proof, with the visitor id", async () => {
    const fetch = vi.fn(async () =>
      Response.json({ visits: [{ requestId: REQUEST, time: "2026-01-01T00:00:00.000Z" }] }),
    );
    vi.stubGlobal("fetch", fetch);
    render(<Probe visitorId={VISITOR} requestId={REQUEST} />);
    await waitFor(() => expect(screen.getByTestId("state").textContent).toBe("loaded 1"));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(identificationConfig.visitsPath, {
      headers: {
        "x-vercel-function": "visits",
        "x-visitor-id": VISITOR,
        "x-request-id": REQUEST,
        accept: "application/json",
      },
    });
  });

  it("asks nothing without a request id: a visitor id alone proves nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    // render() returns after React has run the effects, which is where the call would start.
    render(<Probe visitorId={VISITOR} />);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByTestId("state").textContent).toBe("idle");
  });

  it("shows the error state when the function refuses", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { error: { code: "identification_stale", message: "older than 10 minutes" } },
          { status: 403 },
        ),
      ),
    );
    render(<Probe visitorId={VISITOR} requestId={REQUEST} />);
    await waitFor(() => expect(screen.getByTestId("state").textContent).toBe("error"));
  });
});
