// @vitest-environment node
// The visit's context a lead carries to HubSpot: only an http(s) page and a well-formed hubspotutk cookie
// (the handler tests cover the ones a browser sends; these are the ones it drops).
import { describe, expect, it } from "vitest";
import { submitContext } from "../../../../src/server/leads/parseLead";

const HUTK = "3f9c1a7e5b2d4c6e8f0a1b2c3d4e5f60";
const contextOf = (headers: Record<string, string>) =>
  submitContext(new Request("http://site.test/api/hubspot/", { method: "POST", headers }));

describe("submitContext", () => {
  it("keeps an http(s) Referer as the page and drops any other scheme or an unparseable one", () => {
    expect(contextOf({ referer: "http://www.example.com/demo/?x=1" })).toEqual({
      pageUri: "http://www.example.com/demo/?x=1",
    });
    expect(contextOf({ referer: "javascript:alert(1)" })).toEqual({});
    expect(contextOf({ referer: "file:///etc/passwd" })).toEqual({});
    expect(contextOf({ referer: "not a url" })).toEqual({});
  });

  it("finds hubspotutk among other cookies, and ignores one that is not 32 hex digits", () => {
    expect(contextOf({ cookie: `a=1; hubspotutk=${HUTK}; b=2` })).toEqual({ hutk: HUTK });
    expect(contextOf({ cookie: `hubspotutk=${HUTK}x` })).toEqual({});
    expect(contextOf({ cookie: `hubspotutk=${HUTK.slice(1)}` })).toEqual({});
    expect(contextOf({ cookie: `xhubspotutk=${HUTK}` })).toEqual({});
    expect(contextOf({ cookie: `hubspotutk=<script>${HUTK.slice(8)}` })).toEqual({});
  });
});
