// Tests the service-status call and the mapping of its answer to operational, degraded, outage or failure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchServiceStatus, serviceStateOf } from "../../../src/clients/serviceStatus";
import { startFakeGreenhouse, type FakeGreenhouse } from "../../support/fakes/greenhouse";

describe("serviceStateOf", () => {
  it.each([
    [{ data: { status: "operational" } }, "operational"],
    [{ status: "operational" }, "operational"],
    [{ data: { status: "OK" } }, "operational"],
    [{ data: { status: "degraded" } }, "degraded"],
    [{ data: { status: "Degraded Performance" } }, "degraded"],
    [{ data: { status: "partial_outage" } }, "degraded"],
    [{ data: { status: "outage" } }, "outage"],
    [{ data: { status: "major_outage" } }, "outage"],
    [{ data: { status: "down" } }, "outage"],
  ])("maps %o to %s", (body, state) => {
    expect(serviceStateOf(body)).toBe(state);
  });

  it.each([
    [null],
    ["operational"],
    [{}],
    [{ data: {} }],
    [{ data: { status: 1 } }],
    [{ data: { status: "sunny" } }],
  ])("does not guess for %o", (body) => {
    expect(serviceStateOf(body)).toBeNull();
  });
});

describe("fetchServiceStatus against a fake API", () => {
  let fake: FakeGreenhouse;
  const api = () => `${fake.origin}/api`;
  const setAnswer = (answer: unknown) =>
    fetch(`${fake.origin}/__fake/service-status`, { method: "POST", body: JSON.stringify(answer) });

  beforeAll(async () => {
    fake = await startFakeGreenhouse();
  });
  afterAll(async () => {
    await fake.close();
  });

  it.each(["operational", "degraded", "outage"])("reads %s", async (status) => {
    await setAnswer({ kind: "status", status });
    expect(await fetchServiceStatus(api())).toEqual({ state: status, error: false });
  });

  it("accepts a trailing slash on the base URL", async () => {
    await setAnswer({ kind: "status", status: "operational" });
    expect(await fetchServiceStatus(`${api()}/`)).toEqual({ state: "operational", error: false });
  });

  it("sets the error flag on a 500", async () => {
    await setAnswer({ kind: "error" });
    expect(await fetchServiceStatus(api())).toEqual({ state: null, error: true });
  });

  it("sets the error flag on an answer without a status", async () => {
    await setAnswer({ kind: "malformed" });
    expect(await fetchServiceStatus(api())).toEqual({ state: null, error: true });
  });

  it("sets the error flag when the API cannot be reached or is too slow", async () => {
    expect(await fetchServiceStatus("http://127.0.0.1:9/api")).toEqual({
      state: null,
      error: true,
    });
    const never: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    expect(await fetchServiceStatus(api(), { fetch: never, timeoutMs: 50 })).toEqual({
      state: null,
      error: true,
    });
  });

  it("sets the error flag on a body that is not JSON", async () => {
    const html: typeof fetch = async () => new Response("<html>", { status: 200 });
    expect(await fetchServiceStatus(api(), { fetch: html })).toEqual({ state: null, error: true });
  });
});
