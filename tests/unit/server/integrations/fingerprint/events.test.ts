// @vitest-environment node
// The events and visits functions against a fake Fingerprint Server API v4 on loopback: the small
// browser shapes, bad input (ids, CRLF, method), missing secret, upstream failures, and the proof
// each lookup needs (a young identification from the caller's own address).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../../../src/server/http/app";
import { readFingerprintEnv, type FingerprintEnv } from "../../../../../src/server/env";
import { findFunctionByHeader, functionNamed } from "../../../../../src/server/functions";
import {
  createDirectEventsHandler,
  createEventsHandler,
  createVisitsHandler,
} from "../../../../../src/server/integrations/fingerprint/events";
import * as vercelDirect from "../../../../../api/fp-events-direct";
import netlifyDirect, {
  config as netlifyDirectConfig,
} from "../../../../../functions/fp-events-direct";
import {
  FAKE_FPJS_SECRET,
  FAKE_VISITOR_ID,
  startFakeFingerprint,
  type FakeFingerprint,
} from "../../../../support/fakes/fingerprint";
import { startRedirectTrap, type TrappedRequest } from "../../support/redirectTrap";

let fake: FakeFingerprint;
let env: FingerprintEnv;
beforeAll(async () => {
  fake = await startFakeFingerprint();
  env = readFingerprintEnv({
    FPJS_SECRET_API_KEY: FAKE_FPJS_SECRET,
    FPJS_SERVER_API_URL: fake.origin,
    FPJS_TIMEOUT_MS: "2000",
  });
});
afterAll(async () => {
  await fake.close();
});

// The meter has tests of its own (secretMeter.test.ts); here every call may go through.
const quiet = { log: () => {}, meter: async () => null };
/** The caller's address as the host vouched for it; the fake records events from here by default. */
const HERE = { clientIp: "127.0.0.1" };
const events = (headers: Record<string, string>, current = env, method = "GET", from = HERE) =>
  createEventsHandler({ env: () => current, ...quiet })(
    new Request("http://site.test/fp/v4/", { method, headers }),
    from,
  );
const visits = (headers: Record<string, string>, current = env, from = HERE) =>
  createVisitsHandler({ env: () => current, ...quiet })(
    new Request("http://site.test/a1B2/", { headers }),
    from,
  );
/** Server API calls made while `run` ran. */
async function callsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const before = fake.serverApiCalls.length;
  await run();
  return fake.serverApiCalls.slice(before);
}
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

describe("a Server API that redirects", () => {
  /** What a listener at the Location would serve: a fresh event from the caller, which the proof believes. */
  const forged = (request: TrappedRequest) => ({
    status: 200,
    json: request.url.startsWith("/v4/events?")
      ? { events: [{ event_id: "1767225600123.Zz9Zz9", timestamp: Date.now() }] }
      : {
          event_id: "1767225600123.Ab3dEf",
          timestamp: Date.now(),
          ip_address: "127.0.0.1",
          identification: { visitor_id: FAKE_VISITOR_ID },
          bot: "good",
        },
  });

  it("is never followed: the events, direct events and visits functions answer 502, the key stays here", async () => {
    const trap = await startRedirectTrap(forged);
    try {
      const current = { ...env, apiUrl: trap.origin };
      const id = { "x-request-id": "1767225600123.Ab3dEf" };
      const answers = [
        await events(id, current),
        await visits(id, current),
        await createDirectEventsHandler({ env: () => current, ...quiet })(
          new Request("http://site.test/fp/events/1767225600123.Ab3dEf"),
          HERE,
        ),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(502);
        const text = JSON.stringify(await body(answer));
        expect(text).toMatch(/"code":"upstream_redirected"/);
        expect(text).not.toMatch(/127\.0\.0\.1|good|visits/);
      }
      expect(trap.reached).toEqual([]);
    } finally {
      await trap.close();
    }
  });
});

describe("events function: only for the caller's own, young identification", () => {
  it("403 for an identification made from another address, after reading only that event", async () => {
    const event = fake.add({ ip: "198.51.100.7" });
    let response: Response | undefined;
    const calls = await callsDuring(async () => {
      response = await events({ "x-request-id": event.event_id });
    });
    expect(response?.status).toBe(403);
    expect(await body(response as Response)).toMatchObject({
      error: { code: "identification_elsewhere" },
    });
    expect(calls).toEqual([`/v4/events/${event.event_id}`]);
  });

  it("403 for an identification older than 10 minutes, or from the future", async () => {
    const old = fake.add({ timestamp: Date.now() - 11 * 60_000 });
    const stale = await events({ "x-request-id": old.event_id });
    expect(stale.status).toBe(403);
    expect(await body(stale)).toMatchObject({ error: { code: "identification_stale" } });
    const ahead = fake.add({ timestamp: Date.now() + 10 * 60_000 });
    expect((await events({ "x-request-id": ahead.event_id })).status).toBe(403);
    const nineMinutes = fake.add({ timestamp: Date.now() - 9 * 60_000 });
    expect((await events({ "x-request-id": nineMinutes.event_id })).status).toBe(200);
  });

  it("403 when the host gave no client address to compare with", async () => {
    const event = fake.add();
    const response = await createEventsHandler({ env: () => env, ...quiet })(
      new Request("http://site.test/fp/v4/", { headers: { "x-request-id": event.event_id } }),
    );
    expect(response.status).toBe(403);
  });

  it("an IPv6 caller proves an identification made from its own /64 (privacy addresses)", async () => {
    const event = fake.add({ ip: "2001:db8:1:2::5" });
    const other = { clientIp: "2001:db8:1:2:a:b:c:d" };
    expect((await events({ "x-request-id": event.event_id }, env, "GET", other)).status).toBe(200);
    const elsewhere = { clientIp: "2001:db8:1:3::5" };
    expect((await events({ "x-request-id": event.event_id }, env, "GET", elsewhere)).status).toBe(
      403,
    );
  });
});

describe("visits function", () => {
  const proven = (visitorId: string) => fake.add({ visitorId });

  it("answers the proven visitor's visits, newest first, at most 21", async () => {
    const visitor = "VisitsTest0000000001";
    for (let i = 0; i < 24; i += 1) fake.add({ visitorId: visitor });
    const now = proven(visitor);
    const response = await visits({
      "x-vercel-function": "visits",
      "x-visitor-id": visitor,
      "x-request-id": now.event_id,
    });
    expect(response.status).toBe(200);
    const { visits: list } = (await response.json()) as { visits: Record<string, unknown>[] };
    expect(list).toHaveLength(21);
    expect(list[0]).toMatchObject({
      requestId: expect.stringMatching(/^\d+\.[A-Za-z0-9]{6}$/),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      ipLocation: { country: { code: "DE" }, continent: { code: "EU" } },
    });
  });

  it("reads the visitor from the proven event; the x-visitor-id header may be left out", async () => {
    const event = proven("FirstVisit0000000001");
    const response = await visits({ "x-request-id": event.event_id });
    const { visits: list } = (await response.json()) as { visits: { requestId: string }[] };
    expect(list.map((visit) => visit.requestId)).toEqual([event.event_id]);
  });

  it("a visitor id alone proves nothing: 403 and no Server API call", async () => {
    const visitor = "SomeoneElse000000001";
    fake.add({ visitorId: visitor, ip: "198.51.100.7" });
    let response: Response | undefined;
    const calls = await callsDuring(async () => {
      response = await visits({ "x-vercel-function": "visits", "x-visitor-id": visitor });
    });
    expect(response?.status).toBe(403);
    expect(await body(response as Response)).toMatchObject({
      error: { code: "identification_required", message: expect.stringMatching(/x-request-id/) },
    });
    expect(calls).toEqual([]);
  });

  it("someone else's identification reads that one event and no history", async () => {
    const theirs = fake.add({ visitorId: "SomeoneElse000000002", ip: "198.51.100.7" });
    let response: Response | undefined;
    const calls = await callsDuring(async () => {
      response = await visits({
        "x-visitor-id": "SomeoneElse000000002",
        "x-request-id": theirs.event_id,
      });
    });
    expect(response?.status).toBe(403);
    expect(calls).toEqual([`/v4/events/${theirs.event_id}`]);
  });

  it("403 when x-visitor-id names another visitor than the proven identification", async () => {
    const mine = proven("MineMineMine00000001");
    let response: Response | undefined;
    const calls = await callsDuring(async () => {
      response = await visits({
        "x-visitor-id": "SomeoneElse000000003",
        "x-request-id": mine.event_id,
      });
    });
    expect(response?.status).toBe(403);
    expect(await body(response as Response)).toMatchObject({
      error: { code: "visitor_mismatch" },
    });
    expect(calls).toHaveLength(1);
  });

  it("403 for an unknown or stale identification", async () => {
    const unknown = await visits({ "x-request-id": "1767225600123.Zz9Zz9" });
    expect(unknown.status).toBe(403);
    expect(await body(unknown)).toMatchObject({ error: { code: "identification_unknown" } });
    const old = fake.add({ visitorId: "OldVisitor0000000001", timestamp: Date.now() - 3_600_000 });
    const stale = await visits({ "x-request-id": old.event_id });
    expect(stale.status).toBe(403);
  });

  it.each([
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
    const response = await createVisitsHandler({ env: () => env, ...quiet })(request, HERE);
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
      HERE,
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

  it("403 for someone else's identification", async () => {
    const event = fake.add({ ip: "198.51.100.9" });
    const response = await direct(`/fp/events/${event.event_id}`);
    expect(response.status).toBe(403);
    expect(await body(response)).toMatchObject({ error: { code: "identification_elsewhere" } });
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
      // What @hono/node-server hands the app: the socket the request came in on.
      const socket = { incoming: { socket: { remoteAddress: "::ffff:127.0.0.1" } } };
      for (const path of [`/fp/events/${event.event_id}`, `/fp/events/${event.event_id}/`]) {
        const response = await app.request(path, {}, socket);
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
        { ip: "127.0.0.1" },
      );
      expect(viaNetlify.status).toBe(200);
      // Vercel's rewrite passes the path parameter as a query value.
      const viaVercel = await vercelDirect.GET(
        new Request(`https://site.example/api/fp-events-direct?requestId=${event.event_id}`, {
          headers: { "x-real-ip": "127.0.0.1" },
        }),
      );
      expect(await body(viaVercel)).toMatchObject({
        products: { botd: { data: { bot: { result: "good" } } } },
      });
    });
  });
});
