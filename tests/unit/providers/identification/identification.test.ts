// Identification logic: the rejection rules, agent error sentences, locations, visits,
// the random visits path, the configuration (cache clamp), the bot-result request and BotD fallback.
import { describe, expect, it, vi } from "vitest";
import { clampCacheSeconds, readIdentificationConfig } from "../../../../src/config/identification";
import {
  detectWithBotd,
  fetchBotVerdict,
} from "../../../../src/providers/identification/botResult";
import {
  BOTD_EMPTY,
  describeAgentError,
  errorMessage,
  readBotVerdict,
  readLocation,
  readVisits,
} from "../../../../src/providers/identification/result";
import { isHeadElement } from "../../../../src/providers/AppProviders";
import * as React from "react";

describe("the bot-detection result", () => {
  it("takes the result and flags only 'bad' as a bad bot", () => {
    expect(readBotVerdict({ botd: { data: { bot: { result: "bad" } } }, vm: true })).toEqual({
      ok: true,
      bot: { result: "bad", bad: true, source: "pro" },
      vm: true,
    });
    expect(readBotVerdict({ botd: { data: { bot: { result: "good" } } } })).toMatchObject({
      ok: true,
      bot: { bad: false },
      vm: false,
    });
  });
  it("rejects with the error's own message", () => {
    expect(readBotVerdict({ botd: { error: { message: "internal server error" } } })).toEqual({
      ok: false,
      message: "internal server error",
      vm: false,
    });
  });
  it.each([
    ["no botd at all", {}],
    ["null data", { botd: { data: null } }],
    ["empty data", { botd: { data: {} } }],
    ["no result", { botd: { data: { bot: {} } } }],
  ])("rejects %s with 'BotD field is empty'", (_label, answer) => {
    expect(readBotVerdict(answer)).toMatchObject({ ok: false, message: BOTD_EMPTY });
  });
});

describe("thrown values", () => {
  it("keeps an Error's message", () => {
    expect(errorMessage(new Error("Client timeout"))).toBe("Client timeout");
  });
  it("prefixes anything else with 'Unknown error'", () => {
    expect(errorMessage("boom")).toBe("Unknown error boom");
    expect(errorMessage({ code: 7 })).toBe('Unknown error {"code":7}');
    expect(errorMessage(undefined)).toBe("Unknown error undefined");
  });
});

describe("agent error sentences", () => {
  it.each([
    ["API key required", /public API key is missing/],
    ["API key not found", /not recognised/],
    ["API key expired", /expired/],
    ["Request cannot be parsed", /could not be read/],
    ["Request failed", /failed to answer/],
    ["Too many requests, rate limit exceeded", /Too many/],
    ["Not available for this origin", /origin not allowed/],
    ["Blocked by CSP", /content security policy/],
    ["Client timeout", /timed out/],
    ["Network connection error", /network/],
    ["Failed to load the JS script of the agent", /script failed to load/],
  ])("explains %s", (message, expected) => {
    expect(describeAgentError(message)).toMatch(expected);
  });
  it("falls back to the raw message, or a generic sentence", () => {
    expect(describeAgentError("Something new")).toBe("Something new");
    expect(describeAgentError("")).toMatch(/unknown reason/);
  });
});

describe("locations and visits", () => {
  it("reads continent and country, ignoring empty parts", () => {
    expect(
      readLocation({
        continent: { code: "EU", name: "Europe" },
        country: { code: "DE", name: "" },
      }),
    ).toEqual({ continentCode: "EU", continentName: "Europe", countryCode: "DE" });
    expect(readLocation(null)).toBeUndefined();
    expect(readLocation({})).toBeUndefined();
  });

  const visit = (n: number) => ({
    requestId: `17672256${String(n).padStart(5, "0")}.Ab3dEf`,
    time: "2026-01-01T00:00:00.000Z",
    url: "https://example.com/pricing/",
    ipLocation: { country: { code: "DE", name: "Germany" } },
  });

  it("shows up to 20 visits and says when there were more (limit 21)", () => {
    const many = readVisits({ visits: Array.from({ length: 21 }, (_, i) => visit(i)) });
    expect(many.visits).toHaveLength(20);
    expect(many.more).toBe(true);
    const few = readVisits({ visits: [visit(1), visit(2)] });
    expect(few).toMatchObject({ more: false });
    expect(few.visits[0]).toEqual({
      requestId: visit(1).requestId,
      time: visit(1).time,
      url: visit(1).url,
      location: { countryCode: "DE", countryName: "Germany" },
    });
  });

  it("drops malformed entries and survives a malformed answer", () => {
    expect(readVisits({ visits: [{ requestId: 5 }, visit(3)] }).visits).toHaveLength(1);
    expect(readVisits("nope")).toEqual({ visits: [], more: false });
  });
});

describe("identification configuration", () => {
  it("is off without a key, with the default timeout and cache settings", () => {
    const config = readIdentificationConfig({});
    expect(config).toMatchObject({
      apiKey: null,
      region: "us",
      proxy: true,
      timeoutMs: 20000,
      cacheSeconds: 3600,
      visitsPath: null,
      testAgentUrl: null,
    });
    expect(config.endpoint).toBe("/fp/result?region=us");
    expect(config.scriptUrlPattern).toContain("<apiKey>");
  });
  it("caps the cache at a day and ignores nonsense", () => {
    expect(clampCacheSeconds(100000)).toBe(86400);
    expect(clampCacheSeconds("600")).toBe(600);
    expect(clampCacheSeconds("soon")).toBe(3600);
    expect(clampCacheSeconds(-5)).toBe(3600);
    expect(readIdentificationConfig({ GATSBY_FPJS_CACHE_SECONDS: "999999" }).cacheSeconds).toBe(
      86400,
    );
  });
  it("refuses a bad region or key at build time", () => {
    expect(() => readIdentificationConfig({ GATSBY_FPJS_REGION: "mars" })).toThrow(/REGION/);
    expect(() => readIdentificationConfig({ GATSBY_FPJS_PUBLIC_API_KEY: "a key" })).toThrow(
      /PUBLIC_API_KEY/,
    );
  });
  it("reads region, proxy switch and direct events URL", () => {
    expect(
      readIdentificationConfig({
        GATSBY_FPJS_PUBLIC_API_KEY: "abcdEFGH1234",
        GATSBY_FPJS_REGION: "EU",
        GATSBY_FPJS_PROXY: "false",
        GATSBY_FPJS_EVENTS_API_URL: "https://events.example.com/",
      }),
    ).toMatchObject({
      apiKey: "abcdEFGH1234",
      region: "eu",
      proxy: false,
      eventsApiUrl: "https://events.example.com",
      endpoint: "/fp/result?region=eu",
    });
  });
});

describe("asking for the bot result", () => {
  const config = { proxy: true, eventsPath: "/fp/v4/", eventsApiUrl: "https://events.example.com" };

  it("proxy on: the site's own path, with the function header and the request id", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ botd: { data: { bot: { result: "notDetected" } } }, vm: false }),
        ),
    );
    const verdict = await fetchBotVerdict(config, "1767225600123.Ab3dEf", fetchMock);
    expect(verdict).toMatchObject({ ok: true, bot: { result: "notDetected", bad: false } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/fp/v4/");
    expect(init.headers).toMatchObject({
      "x-vercel-function": "events",
      "x-request-id": "1767225600123.Ab3dEf",
    });
  });

  it("proxy off: GET {events API}/events/{requestId}, reading products.*", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            products: {
              botd: { data: { bot: { result: "bad" } } },
              virtualMachine: { data: { result: true } },
            },
          }),
        ),
    );
    const verdict = await fetchBotVerdict({ ...config, proxy: false }, "1.a", fetchMock);
    expect((fetchMock.mock.calls as unknown as [string][])[0]?.[0]).toBe(
      "https://events.example.com/events/1.a",
    );
    expect(verdict).toEqual({
      ok: true,
      bot: { result: "bad", bad: true, source: "pro" },
      vm: true,
    });
  });

  it("turns an error answer into an Error with the server's message", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: "event_not_found", message: "No event." } }), {
          status: 404,
        }),
    );
    await expect(fetchBotVerdict(config, "1.a", fetchMock)).rejects.toThrow("No event.");
  });

  it("BotD fallback: monitoring off, bot → bad, none → notDetected", async () => {
    const load = vi.fn(async () => ({ detect: () => ({ bot: true, botKind: "headless_chrome" }) }));
    expect(await detectWithBotd(async () => ({ load }))).toEqual({
      result: "headless_chrome",
      bad: true,
      source: "botd",
    });
    expect(load).toHaveBeenCalledWith({ monitoring: false });
    const clean = async () => ({ load: async () => ({ detect: () => ({ bot: false }) }) });
    expect(await detectWithBotd(clean)).toEqual({
      result: "notDetected",
      bad: false,
      source: "botd",
    });
  });

  it("BotD fallback: a failing load rejects (the caller keeps the Pro error)", async () => {
    const failing = async () => ({
      load: async () => {
        throw Object.assign(new Error("Undefined"), { state: -1 });
      },
    });
    await expect(detectWithBotd(failing)).rejects.toThrow("Undefined");
  });
});

describe("providers mount once", () => {
  it("tells Gatsby's Head element (page props) from the site root (no props)", () => {
    const Head = (_props: Record<string, unknown>) => null;
    const Root = () => null;
    const Wrapper = ({ children }: { children?: React.ReactNode }) => children;
    const page = { location: { pathname: "/" }, params: {}, data: {}, pageContext: {} };
    expect(isHeadElement(React.createElement(Head, page))).toBe(true);
    expect(isHeadElement(React.createElement(Root))).toBe(false);
    // Plugins (styled-components' StyleSheetManager) wrap before the site does.
    expect(isHeadElement(React.createElement(Wrapper, null, React.createElement(Head, page)))).toBe(
      true,
    );
    expect(isHeadElement(React.createElement(Wrapper, null, React.createElement(Root)))).toBe(
      false,
    );
    expect(isHeadElement("text")).toBe(false);
  });
});
