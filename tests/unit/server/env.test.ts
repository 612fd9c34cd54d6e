// @vitest-environment node
// Tests that server configuration is read lazily from the environment with sane defaults.
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { readServerEnv } from "../../../src/server/env";

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
