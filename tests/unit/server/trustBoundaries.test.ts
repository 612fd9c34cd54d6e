// @vitest-environment node
// The attacks of issue 23 against the real local server (src/server/main.ts's startServer) on
// loopback, with every upstream a fake: forged client addresses and hosts reaching Fingerprint with
// our proxy secret, forged geo headers, visit histories and events read for someone else, and bursts
// of 150 calls to each function that spends a secret or a quota (the three Server API functions sharing
// one budget).
import http from "node:http";
import net from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startServer, type RunningServer } from "../../../src/server/main";
import {
  FAKE_AMPLITUDE_KEY,
  startFakeAmplitude,
  type FakeAmplitude,
} from "../../support/fakes/amplitude";
import {
  FAKE_FPJS_SECRET,
  startFakeFingerprint,
  startFakeFingerprintProxyUpstream,
  type FakeFingerprint,
  type FakeFingerprintProxyUpstream,
} from "../../support/fakes/fingerprint";
import { startFakeGreenhouse, type FakeGreenhouse } from "../../support/fakes/greenhouse";
import { createPublicFixture, type PublicFixture } from "./support/public-fixture";

const PROXY_SECRET = "proxy-secret-0123456789";
const VICTIM = "VictimVisitor0000001";

let fixture: PublicFixture;
let server: RunningServer;
let serverApi: FakeFingerprint;
let ingress: FakeFingerprintProxyUpstream;
let amplitude: FakeAmplitude;
let greenhouse: FakeGreenhouse;
let storeDir: string;

beforeAll(async () => {
  fixture = await createPublicFixture();
  storeDir = mkdtempSync(path.join(os.tmpdir(), "trust-lead-store-"));
  [serverApi, ingress, amplitude, greenhouse] = await Promise.all([
    startFakeFingerprint(),
    startFakeFingerprintProxyUpstream(),
    startFakeAmplitude(),
    startFakeGreenhouse(),
  ]);
  server = await startServer({
    publicDir: fixture.publicDir,
    port: 0,
    host: "127.0.0.1",
    logger: () => undefined,
  });
});

afterAll(async () => {
  await server?.close();
  await Promise.all([
    serverApi?.close(),
    ingress?.close(),
    amplitude?.close(),
    greenhouse?.close(),
  ]);
  await fixture?.cleanup();
  rmSync(storeDir, { recursive: true, force: true });
});

// The functions read their configuration per request, and every test starts with a clean environment.
beforeEach(() => {
  const env: Record<string, string> = {
    SITE_URL: "https://www.site.test",
    LEADS_STORE_DIR: storeDir,
    FPJS_PROXY_SECRET: PROXY_SECRET,
    FPJS_INGRESS_URL_US: ingress.ingressUrls.us,
    FPJS_SECRET_API_KEY: FAKE_FPJS_SECRET,
    FPJS_SERVER_API_URL: serverApi.origin,
    AMPLITUDE_API_KEY: FAKE_AMPLITUDE_KEY,
    AMPLITUDE_API_URL: amplitude.origin,
    GREENHOUSE_API_URL: greenhouse.apiUrl,
    GREENHOUSE_BOARD: "acme",
    GEO_COUNTRY: "",
    TRUST_PROXY: "",
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request with exactly these headers (Host included), as any client could send them. */
function send(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const { port } = server;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path: target, headers },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Every header a client might write to pass for someone else, somewhere else. */
const FORGED = {
  "x-forwarded-for": "6.6.6.6",
  "x-real-ip": "6.6.6.7",
  "x-nf-client-connection-ip": "6.6.6.8",
  forwarded: "for=6.6.6.9",
  "true-client-ip": "6.6.6.10",
  host: "evil.example",
};

describe("attack 1: a forged client address, signed with our proxy secret", () => {
  it("reaches Fingerprint with the socket's address and the configured host, whatever the headers say", async () => {
    const answer = await send("POST", "/fp/result?region=us", FORGED, "identify");
    expect(answer.status).toBe(200);
    const sent = ingress.requests.at(-1);
    expect(sent?.headers["fpjs-proxy-secret"]).toBe(PROXY_SECRET);
    expect(sent?.headers["fpjs-proxy-client-ip"]).toBe("127.0.0.1");
    expect(sent?.headers["fpjs-proxy-forwarded-host"]).toBe("www.site.test");
    // The cookie's Domain is never the Host a client sent.
    expect(String(answer.headers["set-cookie"])).not.toMatch(/evil/);
  });

  it("reads X-Forwarded-For only from the proxies TRUST_PROXY names, right-most first", async () => {
    vi.stubEnv("TRUST_PROXY", "loopback");
    const chain = { "x-forwarded-for": "6.6.6.6, 203.0.113.9" };
    await send("POST", "/fp/result?region=us", chain, "identify");
    // The client wrote 6.6.6.6; the proxy on loopback appended the address it saw.
    expect(ingress.requests.at(-1)?.headers["fpjs-proxy-client-ip"]).toBe("203.0.113.9");
    vi.stubEnv("TRUST_PROXY", "1");
    await send("POST", "/fp/result?region=us", chain, "identify");
    expect(ingress.requests.at(-1)?.headers["fpjs-proxy-client-ip"]).toBe("203.0.113.9");
    vi.stubEnv("TRUST_PROXY", "10.0.0.0/8");
    await send("POST", "/fp/result?region=us", chain, "identify");
    // The peer (127.0.0.1) is not in the trusted range: it is the client, and the header is ignored.
    expect(ingress.requests.at(-1)?.headers["fpjs-proxy-client-ip"]).toBe("127.0.0.1");
  });

  it("get-country on a Node host believes no client-written geo header", async () => {
    const geo = Buffer.from(JSON.stringify({ country: { code: "US" } })).toString("base64");
    const answer = await send("GET", "/api/get-country", {
      "x-vercel-ip-country": "US",
      "x-nf-geo": geo,
    });
    expect(JSON.parse(answer.body)).toEqual({ country: null });
    vi.stubEnv("GEO_COUNTRY", "DE");
    const local = await send("GET", "/api/get-country", { "x-vercel-ip-country": "US" });
    expect(JSON.parse(local.body)).toEqual({ country: "DE" });
  });
});

describe("attack 2: reading someone else's visit history", () => {
  it("an unproven visitor id gets 403 and causes no Server API call", async () => {
    serverApi.add({ visitorId: VICTIM, ip: "198.51.100.7", url: "https://www.site.test/pricing/" });
    const before = serverApi.serverApiCalls.length;
    const answer = await send("GET", "/Ab1c/", {
      "x-vercel-function": "visits",
      "x-visitor-id": VICTIM,
      ...FORGED,
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "identification_required" } });
    expect(answer.body).not.toMatch(/pricing/);
    expect(serverApi.serverApiCalls.slice(before)).toEqual([]);
  });

  it("the victim's own request id, sent from another address, opens neither their history nor their event", async () => {
    const theirs = serverApi.add({ visitorId: VICTIM, ip: "198.51.100.7" });
    const before = serverApi.serverApiCalls.length;
    const visits = await send("GET", "/Ab1c/", {
      "x-vercel-function": "visits",
      "x-visitor-id": VICTIM,
      "x-request-id": theirs.event_id,
      // A client cannot pass for the victim's address with a header.
      "x-forwarded-for": "198.51.100.7",
    });
    expect(visits.status).toBe(403);
    const event = await send("GET", "/fp/v4/", { "x-request-id": theirs.event_id });
    expect(event.status).toBe(403);
    const direct = await send("GET", `/fp/events/${theirs.event_id}`);
    expect(direct.status).toBe(403);
    // Three lookups of that one event, and never the history.
    expect(serverApi.serverApiCalls.slice(before)).toEqual(
      Array(3).fill(`/v4/events/${theirs.event_id}`),
    );
  });

  it("a real visitor still gets their own history", async () => {
    const mine = serverApi.add({ visitorId: "RealVisitor000000001", ip: "127.0.0.1" });
    const answer = await send("GET", "/Ab1c/", {
      "x-vercel-function": "visits",
      "x-visitor-id": "RealVisitor000000001",
      "x-request-id": mine.event_id,
    });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { visits: unknown[] }).visits).toHaveLength(1);
  });
});

describe("attack 3: a burst of 150 calls to each function that spends a secret", () => {
  /** Sends 150 calls one after another; returns their answers and how many reached the upstream. */
  async function burst(call: () => Promise<Answer>, upstreamCount: () => number) {
    const before = upstreamCount();
    const answers: Answer[] = [];
    for (let i = 0; i < 150; i += 1) answers.push(await call());
    return { answers, forwarded: upstreamCount() - before };
  }

  function expectMetered(result: { answers: Answer[]; forwarded: number }) {
    const refused = result.answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(30);
    for (const answer of refused) {
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "too_many_requests" } });
    }
    // Nothing refused went upstream; everything else did.
    expect(result.forwarded).toBe(150 - refused.length);
    // Once refused, refused: the meter is a window, not a coin toss.
    const first = result.answers.findIndex((answer) => answer.status === 429);
    expect(result.answers.slice(first).every((answer) => answer.status === 429)).toBe(true);
  }

  it("POST /fp/result", async () => {
    expectMetered(
      await burst(
        () => send("POST", "/fp/result?region=us", FORGED, "identify"),
        () => ingress.requests.length,
      ),
    );
  });

  it("GET /fp/v4/, GET /fp/events/{id} and the visits function: one Server API budget, not three", async () => {
    // A caller of its own (the proxy on loopback names it), so earlier tests' calls do not count.
    vi.stubEnv("TRUST_PROXY", "loopback");
    const caller = { "x-forwarded-for": "198.51.100.61" };
    const event = serverApi.add({ visitorId: "BurstVisitor00000001", ip: "198.51.100.61" });
    const calls = () => serverApi.serverApiCalls.length;
    const before = calls();
    const answers: Answer[] = [];
    for (let i = 0; i < 150; i += 1) {
      const id = { "x-request-id": event.event_id };
      answers.push(
        await [
          () => send("GET", "/fp/v4/", { ...caller, ...id }),
          () => send("GET", `/fp/events/${event.event_id}`, caller),
          // Each proven visits call reads the event, then the history: two calls, both counted.
          () => send("GET", "/Zz9y/", { ...caller, ...id, "x-vercel-function": "visits" }),
        ][i % 3]!(),
      );
    }
    // One caller, one key: 120 Server API calls a minute in all, whichever function spends them.
    expect(calls() - before).toBe(120);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(30);
    for (const answer of refused)
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "too_many_requests" } });
  });

  it("POST /amp-exp/", async () => {
    const exposure = JSON.stringify({
      device_id: "Xy7qK2mPz9RtLw4Vb1Nc",
      flag_key: "home",
      variant: "control",
    });
    expectMetered(
      await burst(
        () => send("POST", "/amp-exp/", { "content-type": "application/json" }, exposure),
        () => amplitude.events.length,
      ),
    );
  });

  it("the Greenhouse proxy", async () => {
    expectMetered(
      await burst(
        () => send("GET", "/greenhouse/?action=listings"),
        () => greenhouse.requests.length,
      ),
    );
  });
});

describe("smaller items", () => {
  it("an empty Idempotency-Key, as it arrives on the wire, is refused with a 400 JSON error", async () => {
    const body = JSON.stringify({ email: "empty-key@example.org" });
    const head = [
      "POST /api/hubspot-newsletter/ HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      "Idempotency-Key:",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Connection: close",
    ].join("\r\n");
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1", () =>
        socket.end(`${head}\r\n\r\n${body}`),
      );
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/"code":"invalid_idempotency_key"/);
  });
});
