// @vitest-environment node
// Tests that the Netlify and Vercel entry points reach the shared get-country handler.
import { describe, expect, it } from "vitest";
import * as vercel from "../../../../api/get-country";
import netlify, { config as netlifyConfig } from "../../../../functions/get-country";
import { netlifyPlatform, vercelPlatform } from "../../../../src/server/http/adapters";
import { functionNamed } from "../../../../src/server/functions";
import { functionPaths } from "../../../../src/server/functionPaths";

const URL_ = "https://site.example/api/get-country";

describe("Netlify entry point", () => {
  it("answers with context.geo.country.code", async () => {
    const response = await netlify(new Request(URL_), { geo: { country: { code: "FR" } } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ country: "FR" });
  });

  it("falls back to the x-nf-geo header when the context has no geo", async () => {
    const geo = Buffer.from(JSON.stringify({ country: { code: "DE", name: "Germany" } })).toString(
      "base64",
    );
    const response = await netlify(new Request(URL_, { headers: { "x-nf-geo": geo } }), {});
    expect(await response.json()).toEqual({ country: "DE" });
  });

  it("answers null for an empty context", async () => {
    const response = await netlify(new Request(URL_), { geo: {} });
    expect(await response.json()).toEqual({ country: null });
  });

  it("refuses POST", async () => {
    const response = await netlify(new Request(URL_, { method: "POST" }), {});
    expect(response.status).toBe(405);
  });

  it("is routed at both spellings of the table's path", () => {
    expect(netlifyConfig.path).toEqual(functionPaths(functionNamed("get-country")));
  });

  it("maps the context to the platform country and client address, normalised", () => {
    expect(netlifyPlatform(undefined)).toEqual({ country: null, clientIp: null });
    expect(netlifyPlatform({ ip: "::ffff:203.0.113.9" }).clientIp).toBe("203.0.113.9");
    // X-Forwarded-For is the client's to write; Netlify's own header is not.
    const forged = new Request(URL_, { headers: { "x-forwarded-for": "6.6.6.6" } });
    expect(netlifyPlatform({}, forged).clientIp).toBeNull();
    expect(netlifyPlatform({ geo: { country: { code: "US" } }, ip: "203.0.113.9" })).toEqual({
      country: "US",
      clientIp: "203.0.113.9",
    });
  });
});

describe("Vercel entry point", () => {
  it("maps x-real-ip and x-vercel-ip-country, which Vercel's proxy writes, and nothing else", () => {
    const request = new Request(URL_, {
      headers: {
        "x-real-ip": "203.0.113.9",
        "x-vercel-ip-country": "BR",
        "x-forwarded-for": "6.6.6.6",
      },
    });
    expect(vercelPlatform(request)).toEqual({ country: "BR", clientIp: "203.0.113.9" });
    expect(vercelPlatform(new Request(URL_))).toEqual({ country: null, clientIp: null });
  });

  it("answers GET from x-vercel-ip-country", async () => {
    const response = await vercel.GET(
      new Request(URL_, { headers: { "x-vercel-ip-country": "BR" } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ country: "BR" });
  });

  it("answers HEAD without a body", async () => {
    const response = await vercel.HEAD(
      new Request(URL_, { method: "HEAD", headers: { "x-vercel-ip-country": "BR" } }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
  });

  it("answers null without the header", async () => {
    const response = await vercel.GET(new Request(URL_));
    expect(await response.json()).toEqual({ country: null });
  });
});
