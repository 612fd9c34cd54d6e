// @vitest-environment node
// Tests the visitor-country function against the Vercel and Netlify request shapes and junk input: the
// country comes from what the host vouches for (src/server/http/adapters.ts), never from a header a client
// can write on a Node host.
import { afterEach, describe, expect, it, vi } from "vitest";
import { netlifyPlatform, vercelPlatform } from "../../../../src/server/http/adapters";
import {
  countryCode,
  countryFromNetlifyGeo,
  createGetCountry,
  getCountry,
  resolveCountry,
} from "../../../../src/server/integrations/geo";
import type { PlatformContext } from "../../../../src/server/http/responses";

const URL_ = "http://localhost/api/get-country";

function request(headers: Record<string, string> = {}, method = "GET"): Request {
  return new Request(URL_, { method, headers });
}

/** The handler as the local browser tests run it: x-country trusted (TRUST_TEST_GEO_HEADER=1). */
const testGetCountry = createGetCountry({ env: () => ({ trustTestHeader: true }) });
/** The handler as production runs it: x-country ignored. */
const productionGetCountry = createGetCountry({ env: () => ({ trustTestHeader: false }) });

/** Where the request arrived: Vercel and Netlify vouch for their headers; a Node host for none. */
type Host = "vercel" | "netlify" | "node";

async function countryOf(
  headers: Record<string, string>,
  platform?: PlatformContext,
  handler = testGetCountry,
  host: Host = "vercel",
): Promise<unknown> {
  const incoming = request(headers);
  const vouched =
    host === "vercel"
      ? vercelPlatform(incoming)
      : host === "netlify"
        ? netlifyPlatform(undefined, incoming)
        : {};
  const response = await handler(incoming, { ...vouched, ...platform });
  expect(response.status).toBe(200);
  return ((await response.json()) as { country: unknown }).country;
}

const base64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64");

describe("GET /api/get-country", () => {
  it("reads Vercel's x-vercel-ip-country", async () => {
    expect(await countryOf({ "x-vercel-ip-country": "DE" })).toBe("DE");
  });

  it("reads header names case-insensitively", async () => {
    expect(await countryOf({ "X-Vercel-IP-Country": "DE" })).toBe("DE");
    const geo = { "X-NF-GEO": base64({ country: { code: "FR" } }) };
    expect(await countryOf(geo, undefined, testGetCountry, "netlify")).toBe("FR");
  });

  it("reads Netlify's x-nf-geo as base64 JSON and as raw JSON", async () => {
    const geo = { city: "Paris", country: { code: "FR", name: "France" } };
    const onNetlify = (value: string) =>
      countryOf({ "x-nf-geo": value }, undefined, testGetCountry, "netlify");
    expect(await onNetlify(base64(geo))).toBe("FR");
    expect(await onNetlify(JSON.stringify(geo))).toBe("FR");
  });

  it("on a Node host believes no client-written geo header (x-vercel-ip-country, x-nf-geo)", async () => {
    const forged = {
      "x-vercel-ip-country": "US",
      "x-nf-geo": base64({ country: { code: "US" } }),
    };
    expect(await countryOf(forged, undefined, productionGetCountry, "node")).toBeNull();
    // The local server's own word (GEO_COUNTRY) is the platform context, and it wins.
    expect(await countryOf(forged, { country: "DE" }, productionGetCountry, "node")).toBe("DE");
  });

  it("reads the country from the platform context", async () => {
    expect(await countryOf({}, { country: "FR" })).toBe("FR");
  });

  it.each(["US", "JP", "BR"])("reads x-country %s when the test switch is on", async (code) => {
    expect(await countryOf({ "x-country": code })).toBe(code);
  });

  it("ignores the browser-settable x-country without the test switch", async () => {
    expect(await countryOf({ "x-country": "US" }, undefined, productionGetCountry)).toBeNull();
    expect(
      await countryOf({ "x-country": "US" }, undefined, productionGetCountry, "node"),
    ).toBeNull();
    // An EU visitor cannot claim to be elsewhere and skip the consent banner.
    expect(
      await countryOf(
        { "x-country": "US", "x-vercel-ip-country": "DE" },
        undefined,
        productionGetCountry,
      ),
    ).toBe("DE");
    expect(await countryOf({ "x-country": "US" }, { country: "FR" }, productionGetCountry)).toBe(
      "FR",
    );
  });

  it.each([
    ["lower case", "de"],
    ["three letters", "DEU"],
    ["digits", "12"],
    ["letter and digit", "D3"],
    ["empty", ""],
    ["10 kB of junk", "X".repeat(10_240)],
  ])("answers null for a %s code", async (_label, code) => {
    expect(await countryOf({ "x-vercel-ip-country": code })).toBeNull();
    expect(await countryOf({ "x-country": code })).toBeNull();
    expect(await countryOf({}, { country: code })).toBeNull();
  });

  it.each([
    ["malformed base64", "%%%not-base64%%%"],
    ["base64 of something that is not JSON", Buffer.from("country=FR").toString("base64")],
    ["truncated JSON", '{"country":{"code":"FR"'],
    ["JSON without a country", base64({ city: "Paris" })],
    ["a country that is a string", base64({ country: "FR" })],
    ["a country code that is an object", base64({ country: { code: { value: "FR" } } })],
    ["a country code in lower case", base64({ country: { code: "fr" } })],
    ["JSON null", "null"],
    ["a 10 kB header", base64({ country: { code: "FR" }, padding: "x".repeat(10_000) })],
  ])("answers null for x-nf-geo with %s", async (_label, value) => {
    expect(await countryOf({ "x-nf-geo": value }, undefined, testGetCountry, "netlify")).toBeNull();
  });

  it("answers null when nothing is known", async () => {
    expect(await countryOf({})).toBeNull();
    expect(await countryOf({}, {})).toBeNull();
    expect(await countryOf({}, { country: null })).toBeNull();
  });

  it("takes what the host vouches for over the test header", async () => {
    const all = {
      "x-vercel-ip-country": "DE",
      "x-nf-geo": base64({ country: { code: "FR" } }),
      "x-country": "US",
    };
    expect(await countryOf(all, { country: "JP" })).toBe("JP");
    expect(await countryOf(all)).toBe("DE");
    expect(await countryOf(all, undefined, testGetCountry, "netlify")).toBe("FR");
    expect(await countryOf(all, undefined, testGetCountry, "node")).toBe("US");
    // Netlify's context comes before its header.
    const context = { geo: { country: { code: "SE" } } };
    expect(netlifyPlatform(context, request(all)).country).toBe("SE");
  });

  it("falls through an invalid source to the next valid one", async () => {
    expect(
      await countryOf({ "x-vercel-ip-country": "de", "x-country": "BR" }, { country: "xx" }),
    ).toBe("BR");
  });

  it("is never cached and is JSON", async () => {
    const response = await getCountry(request(), { country: "DE" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.text()).toBe('{"country":"DE"}');
  });

  it("answers HEAD with headers and no body", async () => {
    const response = await getCountry(request({}, "HEAD"), { country: "DE" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body).toBeNull();
  });

  it.each(["POST", "PUT", "DELETE"])("refuses %s with 405 and Allow", async (method) => {
    const response = await getCountry(request({}, method));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.json()).toEqual({
      error: { code: "method_not_allowed", message: expect.any(String) },
    });
  });
});

describe("country helpers", () => {
  it("accepts only upper-case two-letter strings", () => {
    expect(countryCode("DE")).toBe("DE");
    expect(countryCode(" DE")).toBeNull();
    expect(countryCode(42)).toBeNull();
    expect(countryCode(undefined)).toBeNull();
  });

  it("decodes x-nf-geo defensively", () => {
    expect(countryFromNetlifyGeo(null)).toBeNull();
    expect(countryFromNetlifyGeo(base64({ country: { code: "DE" } }))).toBe("DE");
    expect(countryFromNetlifyGeo("{}")).toBeNull();
  });

  it("resolves without a platform context from nothing but the test header", () => {
    expect(resolveCountry(request({ "x-vercel-ip-country": "JP" }))).toBeNull();
    expect(
      resolveCountry(request({ "x-country": "JP" }), undefined, { trustTestHeader: true }),
    ).toBe("JP");
    expect(resolveCountry(request({ "x-country": "JP" }))).toBeNull();
  });
});

describe("TRUST_TEST_GEO_HEADER", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is read from the environment per request by the default handler", async () => {
    const ask = async () =>
      ((await (await getCountry(request({ "x-country": "BR" }))).json()) as { country: unknown })
        .country;
    vi.stubEnv("TRUST_TEST_GEO_HEADER", "");
    expect(await ask()).toBeNull();
    vi.stubEnv("TRUST_TEST_GEO_HEADER", "1");
    expect(await ask()).toBe("BR");
    vi.stubEnv("TRUST_TEST_GEO_HEADER", "0");
    expect(await ask()).toBeNull();
  });
});
