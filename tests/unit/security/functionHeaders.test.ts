// @vitest-environment node
// The functions' security headers: applied to every answer, loosened by no handler; a handler may only
// tighten them (the CMS login page's own policy naming its script, no Referer at all).
import { describe, expect, it } from "vitest";
import { FUNCTION_CSP, isStrictPolicy, withFunctionHeaders } from "../../../src/security/headers";

const answer = (headers: Record<string, string>) =>
  withFunctionHeaders(new Response("x", { headers }));

describe("withFunctionHeaders", () => {
  it("keeps a handler's own policy only when it still loads nothing by default and refuses frames", () => {
    const page =
      "default-src 'none'; script-src 'sha256-abc='; base-uri 'none'; frame-ancestors 'none'";
    expect(answer({ "content-security-policy": page }).headers.get("content-security-policy")).toBe(
      page,
    );
    for (const loose of [
      "default-src 'self'; frame-ancestors 'none'",
      "default-src 'none'; script-src 'unsafe-inline'",
      "default-src 'none'; frame-ancestors *",
      `${page}, default-src *`,
    ]) {
      expect(isStrictPolicy(loose), loose).toBe(false);
      expect(
        answer({ "content-security-policy": loose }).headers.get("content-security-policy"),
      ).toBe(FUNCTION_CSP);
    }
  });

  it("keeps no-referrer, and replaces any other referrer policy with the functions' own", () => {
    expect(answer({ "referrer-policy": "no-referrer" }).headers.get("referrer-policy")).toBe(
      "no-referrer",
    );
    expect(answer({ "referrer-policy": "unsafe-url" }).headers.get("referrer-policy")).toBe(
      "strict-origin-when-cross-origin",
    );
  });
});
