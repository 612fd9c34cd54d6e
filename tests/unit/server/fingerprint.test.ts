// @vitest-environment node
// The events and visits functions against a fake Fingerprint Server API v4 on loopback: the small
// browser shapes, bad input (ids, CRLF, method), missing secret, and upstream failures.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/server/app";
import { readFingerprintEnv, type FingerprintEnv } from "../../../src/server/env";
import { findFunctionByHeader, functionNamed } from "../../../src/server/functions";
import {
  createDirectEventsHandler,
  createEventsHandler,
  createVisitsHandler,
} from "../../../src/server/handlers/fingerprint";
import * as vercelDirect from "../../../api/fp-events-direct";
import netlifyDirect, { config as netlifyDirectConfig } from "../../../functions/fp-events-direct";
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

describe("routing by header", () => {
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

describe("direct events URL: GET /fp/events/{requestId}", () => {
  const direct = (path: string, current = env, method = "GET") =>
    createDirectEventsHandler({ env: () => current, ...quiet })(
      new Request(`http://site.test${path}`, { method }),
    );

  it.each([
    ["not_detected", { botd: { data: { bot: { result: "notDetected" } } } }],
    ["bad", { botd: { data: { bot: { result: "bad" } } } }],
    ["error", { botd: { error: { message: "internal server error" } } }],
    // No verdict: botd is left out, as the Server API does, so the browser says "BotD field is empty".
    ["empty", {}],
  ])("answers the Server API's products.* words for a %s result", async (bot, products) => {
    const event = fake.add({ bot, vm: bot === "bad" });
    const response = await direct(`/fp/events/${event.event_id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await body(response)).toEqual({
      products: { ...products, virtualMachine: { data: { result: bot === "bad" } } },
    });
  });

  it("reads the id from the path with a trailing slash, and from Vercel's ?requestId=", async () => {
    const event = fake.add({ bot: "good" });
    for (const path of [
      `/fp/events/${event.event_id}/`,
      `/api/fp-events-direct?requestId=${event.event_id}`,
    ]) {
      const response = await direct(path);
      expect(response.status).toBe(200);
      expect(await body(response)).toMatchObject({
        products: { botd: { data: { bot: { result: "good" } } } },
      });
    }
  });

  it.each([
    ["malformed", "/fp/events/not-a-request-id"],
    ["a traversal", "/fp/events/..%2F..%2Fv4%2Fevents"],
    ["missing", "/fp/events/"],
    ["too long", `/fp/events/${"1".repeat(40)}.abcdef`],
  ])("400 for a %s request id, before calling anyone", async (_label, path) => {
    const response = await direct(path, { ...env, apiUrl: "http://127.0.0.1:9" });
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ error: { code: "invalid_request_id" } });
  });

  it("404 for an unknown request id, 405 with Allow for POST, 404 without a secret key", async () => {
    expect((await direct("/fp/events/1767225600123.Zz9Zz9")).status).toBe(404);
    const post = await direct("/fp/events/1767225600123.Zz9Zz9", env, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    const off = await direct("/fp/events/1767225600123.Zz9Zz9", { ...env, secretKey: null });
    expect(await body(off)).toMatchObject({ error: { code: "not_configured" } });
  });

  describe("wired in every runtime", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });
    const stubEnv = () => {
      vi.stubEnv("FPJS_SECRET_API_KEY", FAKE_FPJS_SECRET);
      vi.stubEnv("FPJS_SERVER_API_URL", fake.origin);
    };

    it("the local server routes /fp/events/{id} and /fp/events/{id}/ to it", async () => {
      stubEnv();
      const event = fake.add({ bot: "bad", vm: true });
      const app = createApp({ publicDir: "tests/unit/server/__no_public__", logger: () => {} });
      for (const path of [`/fp/events/${event.event_id}`, `/fp/events/${event.event_id}/`]) {
        const response = await app.request(path);
        expect(response.status).toBe(200);
        expect(await body(response)).toEqual({
          products: {
            botd: { data: { bot: { result: "bad" } } },
            virtualMachine: { data: { result: true } },
          },
        });
      }
      const post = await app.request(`/fp/events/${event.event_id}`, { method: "POST" });
      expect(post.status).toBe(405);
    });

    it("Netlify and Vercel entry points answer it", async () => {
      stubEnv();
      const event = fake.add({ bot: "good" });
      expect(netlifyDirectConfig.path).toEqual(["/fp/events/:requestId", "/fp/events/:requestId/"]);
      expect(functionNamed("fp-events-direct").path).toBe("/fp/events/:requestId");
      const viaNetlify = await netlifyDirect(
        new Request(`https://site.example/fp/events/${event.event_id}/`),
        {},
      );
      expect(viaNetlify.status).toBe(200);
      // Vercel's rewrite passes the path parameter as a query value.
      const viaVercel = await vercelDirect.GET(
        new Request(`https://site.example/api/fp-events-direct?requestId=${event.event_id}`),
      );
      expect(await body(viaVercel)).toMatchObject({
        products: { botd: { data: { bot: { result: "good" } } } },
      });
    });
  });
});
