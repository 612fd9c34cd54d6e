// @vitest-environment node
// The events and visits functions against a fake Fingerprint Server API v4 on loopback: the small
// browser shapes, bad input (ids, CRLF, method), missing secret, and upstream failures.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../src/server/app";
import { readFingerprintEnv, type FingerprintEnv } from "../../../src/server/env";
import { findFunctionByHeader } from "../../../src/server/functions";
import { createEventsHandler, createVisitsHandler } from "../../../src/server/handlers/fingerprint";
import {
  FAKE_FPJS_SECRET,
  FAKE_VISITOR_ID,
  startFakeFingerprint,
  type FakeFingerprint,
} from "../../fakes/fingerprint";

let fake: FakeFingerprint;
let env: FingerprintEnv;
beforeAll(async () => {
  fake = await startFakeFingerprint();
  env = readFingerprintEnv({
    FPJS_SECRET_API_KEY: FAKE_FPJS_SECRET,
    FPJS_SERVER_API_URL: fake.origin,
    FPJS_TIMEOUT_MS: "300",
  });
});
afterAll(async () => {
  await fake.close();
});

const quiet = { log: () => {} };
const events = (headers: Record<string, string>, current = env, method = "GET") =>
  createEventsHandler({ env: () => current, ...quiet })(
    new Request("http://site.test/fp/v4/", { method, headers }),
  );
const visits = (headers: Record<string, string>, current = env) =>
  createVisitsHandler({ env: () => current, ...quiet })(
    new Request("http://site.test/a1B2/", { headers }),
  );
const body = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe("events function", () => {
  it.each([
    ["not_detected", { data: { bot: { result: "notDetected" } } }],
    ["good", { data: { bot: { result: "good" } } }],
    ["bad", { data: { bot: { result: "bad" } } }],
    ["error", { error: { message: "internal server error" } }],
    ["empty", { data: null }],
  ])("answers only { botd, vm } for a %s result", async (bot, botd) => {
    const event = fake.add({ bot, vm: bot === "bad" });
    const response = await events({
      "x-vercel-function": "events",
      "x-request-id": event.event_id,
    });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ botd, vm: bot === "bad" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("404 for an unknown request id", async () => {
    const response = await events({ "x-request-id": "1767225600123.Zz9Zz9" });
    expect(response.status).toBe(404);
    expect(await body(response)).toMatchObject({ error: { code: "event_not_found" } });
  });

  it.each([
    ["missing", {}],
    ["malformed", { "x-request-id": "../../v4/visitors" }],
    ["too long", { "x-request-id": `${"1".repeat(40)}.abcdef` }],
  ])("400 for a %s request id", async (_label, headers) => {
    const response = await events(headers);
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ error: { code: "invalid_request_id" } });
  });

  it("405 with Allow for other methods", async () => {
    const response = await events({}, env, "POST");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("404 not_configured without a secret key, before calling anyone", async () => {
    const response = await events(
      { "x-request-id": "1767225600123.Ab3dEf" },
      { ...env, secretKey: null },
    );
    expect(response.status).toBe(404);
    expect(await body(response)).toMatchObject({ error: { code: "not_configured" } });
  });

  it("502 when the Server API refuses the secret, 429 when it throttles, 502 on 500", async () => {
    const event = fake.add();
    const wrong = await events(
      { "x-request-id": event.event_id },
      { ...env, secretKey: "wrong-secret-123" },
    );
    expect(wrong.status).toBe(502);
    fake.force(429);
    const limited = await events({ "x-request-id": event.event_id });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    fake.force(500);
    const failed = await events({ "x-request-id": event.event_id });
    expect(failed.status).toBe(502);
    const text = JSON.stringify(await body(failed));
    expect(text).not.toMatch(/stack|Error:|at /);
  });

  it("502 when the Server API is unreachable, 504 when it hangs", async () => {
    const closed = await events(
      { "x-request-id": "1767225600123.Ab3dEf" },
      { ...env, apiUrl: "http://127.0.0.1:9" },
    );
    expect(closed.status).toBe(502);
    const hanging = http.createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const { port } = hanging.address() as AddressInfo;
    const slow = await events(
      { "x-request-id": "1767225600123.Ab3dEf" },
      { ...env, apiUrl: `http://127.0.0.1:${port}`, timeoutMs: 100 },
    );
    expect(slow.status).toBe(504);
    hanging.closeAllConnections();
    hanging.close();
  });
});

describe("visits function", () => {
  it("answers the visitor's visits, newest first, at most 21", async () => {
    const visitor = "VisitsTest0000000001";
    for (let i = 0; i < 25; i += 1) fake.add({ visitorId: visitor });
    const response = await visits({ "x-vercel-function": "visits", "x-visitor-id": visitor });
    expect(response.status).toBe(200);
    const { visits: list } = (await response.json()) as { visits: Record<string, unknown>[] };
    expect(list).toHaveLength(21);
    expect(list[0]).toMatchObject({
      requestId: expect.stringMatching(/^\d+\.[A-Za-z0-9]{6}$/),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      ipLocation: { country: { code: "DE" }, continent: { code: "EU" } },
    });
  });

  it("an unknown visitor has no visits", async () => {
    const response = await visits({ "x-visitor-id": "NobodyHere0000000000" });
    expect(await body(response)).toEqual({ visits: [] });
  });

  it.each([
    ["missing", {}],
    ["short", { "x-visitor-id": "abc" }],
    ["with a space", { "x-visitor-id": "Xy7qK2mPz9 RtLw4Vb1N" }],
  ])("400 for a %s visitor id", async (_label, headers) => {
    expect((await visits(headers)).status).toBe(400);
  });

  it("refuses a header value with CRLF instead of passing it on", async () => {
    // Fetch's Headers refuse CR/LF outright; the handler must too when a platform passes one through.
    const request = new Request("http://site.test/a1B2/");
    Object.defineProperty(request, "headers", {
      value: {
        get: (name: string) => (name === "x-visitor-id" ? `${FAKE_VISITOR_ID}\r\nx: y` : null),
      },
    });
    const response = await createVisitsHandler({ env: () => env, ...quiet })(request);
    expect(response.status).toBe(400);
  });
});

describe("routing by header (SPEC §7)", () => {
  it("sends a random 4-character path with x-vercel-function: visits to the visits function", () => {
    const headers = new Headers({ "x-vercel-function": "visits" });
    expect(findFunctionByHeader("/k9Tq/", headers)?.name).toBe("fp-visits");
    expect(findFunctionByHeader("/k9Tq", headers)?.name).toBe("fp-visits");
    expect(findFunctionByHeader("/k9Tqz/", headers)).toBeUndefined();
    expect(findFunctionByHeader("/k9Tq/", new Headers())).toBeUndefined();
  });

  it("the local server answers it before serving pages", async () => {
    const app = createApp({ publicDir: "tests/unit/server/__no_public__", logger: () => {} });
    const response = await app.request("/zZ01/", {
      headers: { "x-vercel-function": "visits", "x-visitor-id": "bad" },
    });
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ error: { code: "invalid_visitor_id" } });
  });
});
