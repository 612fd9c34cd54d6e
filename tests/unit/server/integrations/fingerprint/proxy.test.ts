// @vitest-environment node
// The first-party proxy (GET /fp/agent, POST|GET /fp/result) against fake CDN and ingestion upstreams on
// loopback: passthrough with cookie re-scoping and proxy headers, strict parameters, caps, upstream
// failures, methods, and the wiring in the local server, Netlify and Vercel.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as vercelAgent from "../../../../../api/fp-agent";
import * as vercelResult from "../../../../../api/fp-result";
import netlifyAgent, { config as netlifyAgentConfig } from "../../../../../functions/fp-agent";
import netlifyResult, { config as netlifyResultConfig } from "../../../../../functions/fp-result";
import { createApp } from "../../../../../src/server/http/app";
import { readFingerprintProxyEnv, type FingerprintProxyEnv } from "../../../../../src/server/env";
import { functionNamed } from "../../../../../src/server/functions";
import { functionPaths } from "../../../../../src/server/functionPaths";
import {
  cookieDomain,
  createAgentHandler,
  createResultHandler,
  fingerprintCookie,
  MAX_RESULT_BODY_BYTES,
  rewriteCookieDomain,
} from "../../../../../src/server/integrations/fingerprint/proxy";
import {
  startFakeFingerprintProxyUpstream,
  type FakeFingerprintProxyUpstream,
} from "../../../../support/fakes/fingerprint";

const SECRET = "proxy-secret-0123456789";
const KEY = "abcdEFGH1234";

let fake: FakeFingerprintProxyUpstream;
let env: FingerprintProxyEnv;
let closedPort: number;

beforeAll(async () => {
  fake = await startFakeFingerprintProxyUpstream();
  env = readFingerprintProxyEnv({
    FPJS_CDN_URL: fake.cdnUrl,
    FPJS_INGRESS_URL_US: fake.ingressUrls.us,
    FPJS_INGRESS_URL_EU: fake.ingressUrls.eu,
    FPJS_INGRESS_URL_AP: fake.ingressUrls.ap,
    FPJS_PROXY_SECRET: SECRET,
    FPJS_PROXY_TIMEOUT_MS: "2000",
    SITE_URL: "https://www.site.test",
  });
  // A port nothing listens on: "upstream down".
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.force({ status: 200 }, 0);
});

const logs: string[] = [];
const deps = (current: FingerprintProxyEnv = env) => ({
  env: () => current,
  log: (line: string) => logs.push(line),
  // The meter has tests of its own (secretMeter.test.ts); here every call may go through.
  meter: async () => null,
});
/** The address the host vouched for (the socket, Netlify's context.ip, Vercel's x-real-ip). */
const VISITOR_IP = "203.0.113.24";
const agent = (query: string, init: RequestInit = {}, current = env) =>
  createAgentHandler(deps(current))(new Request(`https://www.site.test/fp/agent${query}`, init));
const result = (query: string, init: RequestInit = {}, current = env) =>
  createResultHandler(deps(current))(new Request(`https://www.site.test/fp/result${query}`, init), {
    clientIp: VISITOR_IP,
  });
const agentQuery = (apiKey = KEY, version = "3", loaderVersion = "3.12.15") =>
  `?apiKey=${apiKey}&version=${version}&loaderVersion=${loaderVersion}`;
const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe("GET /fp/agent", () => {
  it("serves the CDN's loader as JavaScript with a short public cache", async () => {
    const response = await agent(agentQuery(), {
      headers: { cookie: "session=private; _iidt=abc", "user-agent": "TestBrowser/1.0" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/javascript/);
    // Upstream asked for 2 h / 10 min; the proxy caps at 1 h in browsers and 1 min in shared caches.
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600, s-maxage=60");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toBe(fake.scriptFor(KEY, "3", "3.12.15"));

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.method).toBe("GET");
    expect(sent?.pathname).toBe(`/cdn/v3/${KEY}/loader_v3.12.15.js`);
    expect(sent?.headers.cookie).toBeUndefined();
    expect(sent?.headers["user-agent"]).toBe("TestBrowser/1.0");
  });

  it.each([
    ["no parameters", ""],
    ["no apiKey", "?version=3&loaderVersion=3.12.15"],
    ["an apiKey with a path in it", agentQuery("..%2F..%2Fetc")],
    ["an apiKey with punctuation", agentQuery("abc-def")],
    ["an apiKey over 64 characters", agentQuery("a".repeat(65))],
    ["a version that is not digits", agentQuery(KEY, "3a")],
    ["a loaderVersion that is not semver", agentQuery(KEY, "3", "3.12")],
    ["a loaderVersion with a path", agentQuery(KEY, "3", "3.12.15%2F..%2Fx")],
    ["a repeated apiKey", `${agentQuery()}&apiKey=other123`],
  ])("400 for %s, without calling the CDN", async (_label, query) => {
    const response = await agent(query);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: { code: "invalid_agent_request" } });
    expect(fake.requests).toHaveLength(0);
  });

  it("502 JSON when the CDN refuses, is down, or sends something huge; 504 when it hangs", async () => {
    fake.force({ status: 404 });
    const refused = await agent(agentQuery());
    expect(refused.status).toBe(502);
    expect(await json(refused)).toMatchObject({ error: { code: "upstream_rejected" } });

    const down = await agent(
      agentQuery(),
      {},
      { ...env, cdnUrl: `http://127.0.0.1:${closedPort}` },
    );
    expect(down.status).toBe(502);
    const text = await down.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: "upstream_unavailable" } });
    expect(text).not.toMatch(/ECONNREFUSED|stack|at /);

    fake.force({ status: 200, body: "x".repeat(3 * 1024 * 1024) });
    expect((await agent(agentQuery())).status).toBe(502);

    fake.force("hang");
    const hung = await agent(agentQuery());
    expect(hung.status).toBe(504);
  });

  it("405 with Allow for other methods", async () => {
    const response = await agent(agentQuery(), { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("POST /fp/result", () => {
  const payload = new Uint8Array([1, 2, 3, 250, 0, 42]);
  const post = (
    query: string,
    headers: Record<string, string> = {},
    current = env,
    body: BodyInit = payload,
  ) => result(query, { method: "POST", headers, body }, current);

  it("forwards to the region's API and passes its answer back, cookie re-scoped", async () => {
    const response = await post("?region=eu&ci=js/3.12.15&q=abc", {
      "content-type": "text/plain",
      cookie: "session=secret; _iidt=browserIidt42; other=x",
      origin: "https://www.site.test",
      "user-agent": "TestBrowser/1.0",
      // Client-written: neither the client address nor the host Fingerprint is told comes from these.
      "x-forwarded-for": "6.6.6.6, 10.0.0.1",
      "x-real-ip": "6.6.6.7",
      "x-nf-client-connection-ip": "6.6.6.8",
      host: "evil.example",
      "x-vercel-id": "fra1::abc",
      "x-country": "US",
      connection: "keep-alive, x-hop",
      "x-hop": "drop me",
      // A browser must never be able to set these itself.
      "fpjs-proxy-secret": "forged",
      "fpjs-proxy-client-ip": "198.51.100.1",
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ region: "eu", received: payload.length });
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([
      "_iidt=fakeIidtValue123; Path=/; Max-Age=31536000; HttpOnly; Secure; SameSite=None; Domain=www.site.test",
    ]);

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.method).toBe("POST");
    expect(sent?.pathname).toBe("/ingress/eu/");
    expect(sent?.query.get("region")).toBe("eu");
    expect(sent?.query.get("ci")).toBe("js/3.12.15");
    expect(sent?.query.get("q")).toBe("abc");
    expect(sent?.query.get("ii")).toBe("custom-proxy-integration/1.0.0/ingress");
    expect([...(sent?.body ?? [])]).toEqual([...payload]);
    expect(sent?.headers.cookie).toBe("_iidt=browserIidt42");
    expect(sent?.headers["fpjs-proxy-secret"]).toBe(SECRET);
    expect(sent?.headers["fpjs-proxy-client-ip"]).toBe(VISITOR_IP);
    expect(sent?.headers["fpjs-proxy-forwarded-host"]).toBe("www.site.test");
    expect(sent?.headers.origin).toBe("https://www.site.test");
    expect(sent?.headers["user-agent"]).toBe("TestBrowser/1.0");
    expect(sent?.headers["content-type"]).toBe("text/plain");
    expect(sent?.headers["x-vercel-id"]).toBeUndefined();
    expect(sent?.headers["x-forwarded-for"]).toBeUndefined();
    expect(sent?.headers["x-country"]).toBeUndefined();
    expect(sent?.headers["x-hop"]).toBeUndefined();
    expect(sent?.headers.host).toBe(new URL(fake.origin).host);
  });

  it("forwards only the headers that describe the browser: an allowlist, not a list of known tricks", async () => {
    const describing = {
      "accept-language": "de-CH, de;q=0.9",
      referer: "https://www.site.test/demo/",
      "sec-ch-ua": '"Chromium";v="131"',
      "sec-ch-ua-platform": '"Linux"',
      "sec-fetch-site": "same-origin",
    };
    const addresses = {
      "client-ip": "6.6.6.1",
      "x-cluster-client-ip": "6.6.6.2",
      "x-originating-ip": "6.6.6.3",
      "fastly-client-ip": "6.6.6.4",
      "true-client-ip": "6.6.6.5",
      "cf-connecting-ip": "6.6.6.6",
      "x-client-address-of-tomorrow": "6.6.6.7",
      "akamai-origin-hop": "2",
    };
    await post("?region=us", { ...describing, ...addresses });
    const [sent] = fake.requests;
    for (const [name, value] of Object.entries(describing)) expect(sent?.headers[name]).toBe(value);
    for (const name of Object.keys(addresses)) expect(sent?.headers[name]).toBeUndefined();
    expect(JSON.stringify(sent?.headers)).not.toMatch(/6\.6\.6/);
    expect(sent?.headers["fpjs-proxy-client-ip"]).toBe(VISITOR_IP);
  });

  it.each(["us", "ap"] as const)("routes region=%s to its own host", async (region) => {
    await post(`?region=${region}`);
    expect(fake.requests[0]?.pathname).toBe(`/ingress/${region}/`);
  });

  it("sends no cookie when the browser has no _iidt, and no proxy headers without a secret", async () => {
    await post(
      "?region=us",
      { cookie: "session=secret", "fpjs-proxy-secret": "forged" },
      {
        ...env,
        proxySecret: null,
      },
    );
    const [sent] = fake.requests;
    expect(sent?.headers.cookie).toBeUndefined();
    expect(sent?.headers["fpjs-proxy-secret"]).toBeUndefined();
    expect(sent?.headers["fpjs-proxy-client-ip"]).toBeUndefined();
    expect(sent?.headers["fpjs-proxy-forwarded-host"]).toBeUndefined();
  });

  it("passes upstream's error status and body through for the agent to read", async () => {
    const body = JSON.stringify({
      v: "2",
      error: { code: "TokenNotFound", message: "API key not found" },
    });
    fake.force({ status: 403, body });
    const response = await post("?region=us");
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(body);
  });

  it.each([
    ["no region", ""],
    ["an unknown region", "?region=mars"],
    ["a region in upper case", "?region=EU"],
    ["a repeated region", "?region=us&region=eu"],
    ["an oversized query", `?region=us&x=${"a".repeat(3000)}`],
  ])("400 for %s, without calling anyone", async (_label, query) => {
    const response = await post(query);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: { code: "invalid_region" } });
    expect(fake.requests).toHaveLength(0);
  });

  it("413 for a body over the cap, without calling anyone", async () => {
    const response = await post("?region=us", {}, env, new Uint8Array(MAX_RESULT_BODY_BYTES + 1));
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({ error: { code: "payload_too_large" } });
    expect(fake.requests).toHaveLength(0);
  });

  it("502 JSON when the API is down, 504 when it hangs, never a stack trace", async () => {
    const down = await post(
      "?region=us",
      {},
      {
        ...env,
        ingressUrls: { ...env.ingressUrls, us: `http://127.0.0.1:${closedPort}` },
      },
    );
    expect(down.status).toBe(502);
    const text = await down.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: "upstream_unavailable" } });
    expect(text).not.toMatch(/ECONNREFUSED|stack|at /);
    fake.force("hang");
    expect((await post("?region=us")).status).toBe(504);
  });

  it("405 with Allow for other methods", async () => {
    const response = await result("?region=us", { method: "PUT", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});

describe("GET /fp/result (the agent's cacheable call)", () => {
  it("forwards without cookies, proxy headers or the traffic tag", async () => {
    const response = await result("?region=ap&x=1", {
      headers: { cookie: "_iidt=abc; session=s", "x-forwarded-for": "203.0.113.24" },
    });
    expect(response.status).toBe(200);
    const [sent] = fake.requests;
    expect(sent?.method).toBe("GET");
    expect(sent?.pathname).toBe("/ingress/ap/");
    expect(sent?.query.get("x")).toBe("1");
    expect(sent?.query.get("ii")).toBeNull();
    expect(sent?.headers.cookie).toBeUndefined();
    expect(sent?.headers["fpjs-proxy-secret"]).toBeUndefined();
    expect(sent?.headers["fpjs-proxy-client-ip"]).toBeUndefined();
  });
});

describe("proxy helpers", () => {
  it("sets the cookie's Domain from the configured site, never from the request's Host", () => {
    expect(cookieDomain("www.site.test", "www.site.test")).toBe("www.site.test");
    expect(cookieDomain("metrics.site.test", "site.test")).toBe("site.test");
    expect(cookieDomain("WWW.Site.Test", "www.site.test")).toBe("www.site.test");
    // Another host (a forged Host, a preview address): host-only, so the value is never the request's.
    expect(cookieDomain("evil.example", "www.site.test")).toBeNull();
    expect(cookieDomain("notsite.test", "site.test")).toBeNull();
    expect(cookieDomain("localhost", "localhost")).toBeNull();
  });

  it("keeps only the _iidt cookie", () => {
    expect(fingerprintCookie("a=1; _iidt=xyz%3D; b=2")).toBe("_iidt=xyz%3D");
    expect(fingerprintCookie("a=1; not_iidt=x")).toBeNull();
    expect(fingerprintCookie(null)).toBeNull();
    // Fingerprint's values are base64: they travel byte for byte, neither decoded nor re-encoded.
    expect(fingerprintCookie("_iidt=Ab+c/D==; x=1")).toBe("_iidt=Ab+c/D==");
    expect(fingerprintCookie("_iidt=a%2Bb")).toBe("_iidt=a%2Bb");
    expect(fingerprintCookie("_iidt=bad\\value")).toBeNull();
  });

  it("re-scopes a cookie to the site's host, host-only without one", () => {
    const cookie = "_iidt=v; Domain=.fpjs.io; Path=/; Secure";
    expect(rewriteCookieDomain(cookie, "www.site.test")).toBe(
      "_iidt=v; Path=/; Secure; Domain=www.site.test",
    );
    expect(rewriteCookieDomain(cookie, null)).toBe("_iidt=v; Path=/; Secure");
  });
});

describe("wiring", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const stubEnv = () => {
    vi.stubEnv("FPJS_CDN_URL", fake.cdnUrl);
    vi.stubEnv("FPJS_INGRESS_URL_US", fake.ingressUrls.us);
    vi.stubEnv("FPJS_INGRESS_URL_EU", fake.ingressUrls.eu);
    vi.stubEnv("FPJS_INGRESS_URL_AP", fake.ingressUrls.ap);
    vi.stubEnv("FPJS_PROXY_SECRET", SECRET);
  };

  it("the local server answers the paths src/config/identification.ts points the agent at", async () => {
    stubEnv();
    const app = createApp({ publicDir: "tests/unit/server/__no_public__", logger: () => {} });
    const script = await app.request(`/fp/agent${agentQuery()}`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe(fake.scriptFor(KEY, "3", "3.12.15"));
    const identify = await app.request("/fp/result/?region=us", { method: "POST", body: "x" });
    expect(identify.status).toBe(200);
    // The request is not on the configured site (https://fingerprint.com): the cookie stays host-only.
    expect(identify.headers.getSetCookie()).toEqual([
      "_iidt=fakeIidtValue123; Path=/; Max-Age=31536000; HttpOnly; Secure; SameSite=None",
    ]);
    expect(fake.requests.at(-1)?.headers["fpjs-proxy-forwarded-host"]).toBe("fingerprint.com");
    const wrong = await app.request("/fp/result?region=us", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, POST");
  });

  it("Netlify answers at both spellings of the table's paths", async () => {
    stubEnv();
    expect(netlifyAgentConfig.path).toEqual(functionPaths(functionNamed("fp-agent")));
    expect(netlifyResultConfig.path).toEqual(functionPaths(functionNamed("fp-result")));
    const script = await netlifyAgent(
      new Request(`https://www.site.test/fp/agent/${agentQuery()}`),
      {},
    );
    expect(script.status).toBe(200);
    const identify = await netlifyResult(
      new Request("https://www.site.test/fp/result/?region=eu", { method: "POST", body: "x" }),
      {},
    );
    expect(await identify.json()).toEqual({ region: "eu", received: 1 });
  });

  it("Vercel rewrites both paths to the api/ entry points, which answer", async () => {
    stubEnv();
    const config = JSON.parse(readFileSync("vercel.json", "utf8")) as {
      rewrites: Array<{ source: string; destination: string }>;
    };
    expect(config.rewrites).toEqual(
      expect.arrayContaining([
        { source: "/fp/agent", destination: "/api/fp-agent" },
        { source: "/fp/agent/", destination: "/api/fp-agent" },
        { source: "/fp/result", destination: "/api/fp-result" },
        { source: "/fp/result/", destination: "/api/fp-result" },
        { source: "/fp/events/:requestId", destination: "/api/fp-events-direct" },
        { source: "/fp/events/:requestId/", destination: "/api/fp-events-direct" },
      ]),
    );
    const script = await vercelAgent.GET(
      new Request(`https://www.site.test/fp/agent${agentQuery()}`),
    );
    expect(script.status).toBe(200);
    const identify = await vercelResult.POST(
      new Request("https://www.site.test/fp/result?region=ap", { method: "POST", body: "xy" }),
    );
    expect(await identify.json()).toEqual({ region: "ap", received: 2 });
    expect(
      (await vercelResult.GET(new Request("https://www.site.test/fp/result?region=ap"))).status,
    ).toBe(200);
  });
});
