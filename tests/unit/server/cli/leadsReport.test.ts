// Tests the lead listing people read from `npm run leads`, and the lead configuration reader.
import { describe, expect, it } from "vitest";
import { readLeadsEnv } from "../../../../src/server/env";
import { formatLeads } from "../../../../src/server/cli/leadsReport";

describe("formatLeads", () => {
  it("says so when the lead store is empty", () => {
    expect(formatLeads([])).toBe("No leads stored yet.");
  });
  it("lists each lead with time, status, endpoint, email and form, then counts the pending ones", () => {
    const text = formatLeads([
      {
        id: "1",
        endpoint: "/api/hubspot/",
        submittedAt: "2026-11-22T10:00:00.000Z",
        payload: { email: "a@example.org", name: "GetDemo" },
        status: "pending",
        attempts: 0,
      },
      {
        id: "2",
        endpoint: "/api-webinar/",
        submittedAt: "2026-11-22T11:00:00.000Z",
        payload: { email: "b@example.org", formName: "Webinar" },
        status: "forwarded",
        attempts: 1,
      },
    ]);
    expect(text).toMatch(
      /2026-11-22 10:00:00\s+pending\s+\/api\/hubspot\/\s+a@example.org\s+GetDemo/,
    );
    expect(text).toMatch(/forwarded\s+\/api-webinar\/\s+b@example.org\s+Webinar/);
    expect(text).toContain("2 lead(s), 1 pending.");
  });
});

describe("formatLeads with failed leads", () => {
  it("shows the reason, counts each status and never passes control characters to the terminal", () => {
    const text = formatLeads([
      {
        id: "1",
        endpoint: "/api-webinar/",
        submittedAt: "2026-11-22T10:00:00.000Z",
        payload: { email: "a@example.org", formName: "\u001b[2JWebinar" },
        status: "failed",
        attempts: 1,
        lastError: "HubSpot answered 403: Forbidden",
      },
    ]);
    expect(text).not.toContain("\u001b");
    expect(text).toMatch(
      /failed\s+\/api-webinar\/\s+a@example.org\s+\[2JWebinar\s+1\s+HubSpot answered 403/,
    );
    expect(text).toContain("1 lead(s), 0 pending. 1 failed.");
    expect(text).toMatch(/Failed leads are not resent/);
  });
});

describe("readLeadsEnv", () => {
  it("defaults to no HubSpot and the git-ignored .outbox/leads folder", () => {
    const env = readLeadsEnv({});
    expect(env.hubspot.portalId).toBeNull();
    expect(env.storeDir).toMatch(/\.outbox[\\/]leads$/);
    expect(env.allowedOrigins).toEqual(["https://fingerprint.com"]);
  });
  it("refuses malformed configuration with a message naming the variable", () => {
    expect(() => readLeadsEnv({ HUBSPOT_PORTAL_ID: "abc" })).toThrow(/HUBSPOT_PORTAL_ID/);
    expect(() => readLeadsEnv({ HUBSPOT_FORM_CONTACT: "nope" })).toThrow(/HUBSPOT_FORM_CONTACT/);
    expect(() => readLeadsEnv({ HUBSPOT_TIMEOUT_MS: "5" })).toThrow(/HUBSPOT_TIMEOUT_MS/);
  });
  it("reads the site and extra origins, and the webinar allowlist", () => {
    const env = readLeadsEnv({
      SITE_URL: "https://www.example.com/",
      ALLOWED_ORIGINS: "https://preview.example.com, https://staging.example.com",
      HUBSPOT_WEBINAR_FORM_IDS: "3F2A9C1E-7B4D-4E2A-9C0F-5D8E1A2B3C4D, junk",
    });
    expect(env.allowedOrigins).toEqual([
      "https://www.example.com",
      "https://preview.example.com",
      "https://staging.example.com",
    ]);
    expect(env.webinarFormIds).toEqual(["3f2a9c1e-7b4d-4e2a-9c0f-5d8e1a2b3c4d"]);
  });
});
