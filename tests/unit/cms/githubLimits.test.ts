// @vitest-environment node
// GitHub's refusals for its rate limits, read off the response and told to the editor with a time to try again.
import { describe, expect, it } from "vitest";
import { limitRefusal } from "../../../src/cms/githubLimits";

const headers = (values: Record<string, string>) => new Headers(values);
const now = new Date("2026-12-06T14:00:00Z");

describe("limitRefusal", () => {
  it("reads a spent hourly allowance and says when it comes back", () => {
    const reset = Math.floor(now.getTime() / 1000) + 23 * 60;
    const refusal = limitRefusal(
      403,
      headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) }),
      "API rate limit exceeded for user ID 1.",
      now,
      "en-GB",
    );
    expect(refusal?.kind).toBe("hourly");
    expect(refusal?.retryAt.getTime()).toBe(reset * 1000);
    expect(refusal?.message).toMatch(
      /hourly allowance is used up\. Try again at .* \(in 23 minutes\)/,
    );
    expect(refusal?.message).toContain("Nothing you typed is lost");
  });

  it("reads a secondary limit's retry-after, in seconds", () => {
    const refusal = limitRefusal(
      429,
      headers({ "retry-after": "45", "x-ratelimit-remaining": "4000" }),
      "You have exceeded a secondary rate limit.",
      now,
    );
    expect(refusal?.kind).toBe("secondary");
    expect(refusal?.retryAt.getTime()).toBe(now.getTime() + 45_000);
    expect(refusal?.message).toMatch(/slow down\. Try again at .* \(in 45 seconds\)/);
  });

  it("waits a minute for a secondary limit that names no time, as GitHub asks", () => {
    const refusal = limitRefusal(403, headers({}), "You have exceeded a secondary rate limit", now);
    expect(refusal?.retryAt.getTime()).toBe(now.getTime() + 60_000);
  });

  it("leaves other refusals alone: a missing permission is not a rate limit", () => {
    expect(
      limitRefusal(
        403,
        headers({ "x-ratelimit-remaining": "4990" }),
        "Resource not accessible",
        now,
      ),
    ).toBeNull();
    expect(
      limitRefusal(404, headers({ "x-ratelimit-remaining": "0" }), "Not Found", now),
    ).toBeNull();
  });
});
