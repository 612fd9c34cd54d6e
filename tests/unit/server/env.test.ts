// @vitest-environment node
// Tests that server configuration is read lazily from the environment with sane defaults.
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  readCmsOAuthEnv,
  readLeadsEnv,
  readMeterEnv,
  readServerEnv,
} from "../../../src/server/env";

describe("readServerEnv", () => {
  it("has defaults", () => {
    expect(readServerEnv({})).toEqual({
      geoCountry: null,
      port: 9000,
      host: null,
      publicDir: path.resolve("public"),
      trustProxy: { kind: "none" },
      trustProxyHeader: "x-forwarded-for",
    });
  });

  it("reads overrides, treating blank values as unset", () => {
    const env = readServerEnv({
      GEO_COUNTRY: " de ",
      PORT: "0",
      PUBLIC_DIR: "/tmp/site",
      HOST: "   ",
    });
    expect(env).toMatchObject({ geoCountry: "DE", port: 0, host: null, publicDir: "/tmp/site" });
  });

  it("reads process.env at call time", () => {
    vi.stubEnv("GEO_COUNTRY", "BR");
    expect(readServerEnv().geoCountry).toBe("BR");
    vi.stubEnv("GEO_COUNTRY", "JP");
    expect(readServerEnv().geoCountry).toBe("JP");
  });

  it.each(["abc", "-1", "65536", "80.5"])("rejects PORT=%s with a clear message", (port) => {
    expect(() => readServerEnv({ PORT: port })).toThrow(/PORT must be an integer/);
  });
});

describe("LEADS_STORE_DIR", () => {
  it("names the file lead store's folder, relative to the working directory", () => {
    expect(readLeadsEnv({ LEADS_STORE_DIR: "tmp/leads" }).storeDir).toBe(path.resolve("tmp/leads"));
  });

  it("is also read as LEADS_OUTBOX_DIR, its former name, so existing deployments keep their folder", () => {
    expect(readLeadsEnv({ LEADS_OUTBOX_DIR: "/var/leads" }).storeDir).toBe("/var/leads");
    // Blank counts as unset, as for every variable.
    expect(readLeadsEnv({ LEADS_STORE_DIR: " ", LEADS_OUTBOX_DIR: "/var/leads" }).storeDir).toBe(
      "/var/leads",
    );
  });

  it("wins over the former name when both are set", () => {
    const env = readLeadsEnv({ LEADS_STORE_DIR: "/srv/leads", LEADS_OUTBOX_DIR: "/var/leads" });
    expect(env.storeDir).toBe("/srv/leads");
  });
});

describe("LEADS_LEASE_MS", () => {
  it("defaults to twice HubSpot's timeout plus 10 s, at least a minute", () => {
    expect(readLeadsEnv({}).delivery.leaseMs).toBe(60_000);
    expect(readLeadsEnv({ HUBSPOT_TIMEOUT_MS: "30000" }).delivery.leaseMs).toBe(70_000);
  });

  it("must exceed HUBSPOT_TIMEOUT_MS by 10 s, saying so (0 included)", () => {
    expect(readLeadsEnv({ LEADS_LEASE_MS: "18000" }).delivery.leaseMs).toBe(18_000);
    for (const lease of ["0", "8000", "17999"]) {
      expect(() => readLeadsEnv({ LEADS_LEASE_MS: lease })).toThrow(
        `LEADS_LEASE_MS must exceed HUBSPOT_TIMEOUT_MS (8000) by at least 10000 ms, so at least 18000, got "${lease}"`,
      );
    }
    expect(() => readLeadsEnv({ LEADS_LEASE_MS: "20000", HUBSPOT_TIMEOUT_MS: "15000" })).toThrow(
      /at least 25000/,
    );
  });
});

describe("the meter's variables", () => {
  it("default to 120 and 1200 per caller, 4 times that per network, 1200 and 24000 in all", () => {
    expect(readMeterEnv({})).toEqual({
      perMinute: 120,
      perHour: 1200,
      networkMultiplier: 4,
      ceilingPerMinute: 1200,
      ceilingPerHour: 24_000,
    });
    expect(
      readMeterEnv({
        METER_LIMIT_PER_MINUTE: "0",
        METER_LIMIT_PER_HOUR: "50",
        METER_NETWORK_MULTIPLIER: "1",
        METER_CEILING_PER_MINUTE: "0",
        METER_CEILING_PER_HOUR: "5000",
      }),
    ).toEqual({
      perMinute: 0,
      perHour: 50,
      networkMultiplier: 1,
      ceilingPerMinute: 0,
      ceilingPerHour: 5000,
    });
  });

  it.each([
    [
      "METER_LIMIT_PER_MINUTE",
      "lots",
      /METER_LIMIT_PER_MINUTE must be an integer from 0 to 1000000, got "lots"/,
    ],
    [
      "METER_NETWORK_MULTIPLIER",
      "0",
      /METER_NETWORK_MULTIPLIER must be an integer from 1 to 4, got "0"/,
    ],
    [
      "METER_NETWORK_MULTIPLIER",
      "16",
      /METER_NETWORK_MULTIPLIER must be an integer from 1 to 4, got "16"/,
    ],
    [
      "METER_CEILING_PER_HOUR",
      "-1",
      /METER_CEILING_PER_HOUR must be an integer from 0 to 10000000, got "-1"/,
    ],
  ])("refuse %s=%s, naming it", (name, value, message) => {
    expect(() => readMeterEnv({ [name]: value })).toThrow(message);
  });
});

describe("readCmsOAuthEnv", () => {
  it("is not set up by default, an OAuth App on github.com with the repo scope", () => {
    expect(readCmsOAuthEnv({})).toEqual({
      clientId: null,
      clientSecret: null,
      appKind: "oauth-app",
      githubUrl: "https://github.com",
      scope: "repo",
      timeoutMs: 8000,
    });
  });

  it("reads the OAuth App, GitHub Enterprise's origin and the narrower scope", () => {
    expect(
      readCmsOAuthEnv({
        CMS_OAUTH_CLIENT_ID: "Iv1.abc",
        CMS_OAUTH_CLIENT_SECRET: "0123456789abcdef",
        CMS_OAUTH_GITHUB_URL: "https://git.example.com/",
        CMS_OAUTH_SCOPE: "public_repo",
      }),
    ).toMatchObject({
      clientId: "Iv1.abc",
      githubUrl: "https://git.example.com",
      scope: "public_repo",
    });
    expect(readCmsOAuthEnv({ CMS_OAUTH_APP_KIND: "github-app" }).appKind).toBe("github-app");
  });

  it.each([
    [
      { CMS_OAUTH_APP_KIND: "app" },
      /CMS_OAUTH_APP_KIND must be oauth-app or github-app, got "app"/,
    ],
    [
      { CMS_OAUTH_SCOPE: "admin:org" },
      /CMS_OAUTH_SCOPE must be repo or public_repo, got "admin:org"/,
    ],
    [
      { CMS_OAUTH_CLIENT_SECRET: "short" },
      /^CMS_OAUTH_CLIENT_SECRET must be the App's client secret\.$/,
    ],
    [
      { CMS_OAUTH_GITHUB_URL: "github.com" },
      /CMS_OAUTH_GITHUB_URL must be an absolute http\(s\) URL/,
    ],
  ])("refuses %j, naming the variable (and never echoing a secret)", (source, message) => {
    expect(() => readCmsOAuthEnv(source)).toThrow(message);
  });
});
