// Tests the consent rules for every country class, the stored choice, and which cookies withdrawal removes.
import { describe, expect, it } from "vitest";
import {
  EU_COUNTRIES,
  EVERYTHING,
  bannerShows,
  countsAsEU,
  decided,
  parseChoice,
  resolveChoice,
  UNDECIDED,
} from "../../../src/providers/consent/consent";
import { cookieDomains, isTrackingCookie } from "../../../src/providers/consent/cookies";

describe("who counts as EU", () => {
  it("covers the EU, the rest of the EEA, the UK and Switzerland", () => {
    for (const code of ["DE", "FR", "IE", "PL", "IS", "LI", "NO", "GB", "CH"])
      expect(countsAsEU(code)).toBe(true);
    expect(EU_COUNTRIES.size).toBe(32);
  });
  it("treats an unknown or pending country as EU, and lower case like upper case", () => {
    expect(countsAsEU(null)).toBe(true);
    expect(countsAsEU(undefined)).toBe(true);
    expect(countsAsEU("de")).toBe(true);
  });
  it("does not count the US, Brazil, Japan or Turkey", () => {
    for (const code of ["US", "BR", "JP", "TR"]) expect(countsAsEU(code)).toBe(false);
  });
});

describe("resolveChoice and the banner", () => {
  it("opts a visitor outside the EU in automatically, without a banner", () => {
    const choice = resolveChoice(UNDECIDED, "US");
    expect(choice).toEqual(EVERYTHING);
    expect(bannerShows(choice, "US")).toBe(false);
  });
  it("keeps an EU visitor undecided, with the banner", () => {
    const choice = resolveChoice(UNDECIDED, "DE");
    expect(choice).toEqual(["not-defined"]);
    expect(bannerShows(choice, "DE")).toBe(true);
  });
  it("shows the banner to an unknown country and changes nothing for it", () => {
    expect(resolveChoice(UNDECIDED, null)).toEqual(["not-defined"]);
    expect(bannerShows(UNDECIDED, null)).toBe(true);
  });
  it("shows nothing and decides nothing while the country is pending", () => {
    expect(resolveChoice(UNDECIDED, undefined)).toEqual(["not-defined"]);
    expect(bannerShows(UNDECIDED, undefined)).toBe(false);
  });
  it("never overrides a decision, wherever the visitor is", () => {
    expect(resolveChoice(["required"], "US")).toEqual(["required"]);
    expect(bannerShows(["required"], "DE")).toBe(false);
  });
});

describe("stored choice", () => {
  it("reads a stored list and ignores junk", () => {
    expect(parseChoice('["required","analytics"]')).toEqual(["required", "analytics"]);
    expect(parseChoice('["evil"]')).toEqual(["not-defined"]);
    expect(parseChoice("{")).toEqual(["not-defined"]);
    expect(parseChoice(null)).toEqual(["not-defined"]);
  });
  it("always includes required in a decision and never not-defined", () => {
    expect(decided(["analytics"])).toEqual(["required", "analytics"]);
    expect(decided(["not-defined", "advertising"])).toEqual(["required", "advertising"]);
    expect(decided([])).toEqual(["required"]);
  });
});

describe("tracking cookies", () => {
  it("names ours, Amplitude's and Fingerprint's, not others", () => {
    for (const name of ["visitHistory", "AMP_abc", "AMP_MKTG_abc", "_iidt", "_vid_t"])
      expect(isTrackingCookie(name)).toBe(true);
    for (const name of ["session", "cookieConsent", "ABLocalFlags"])
      expect(isTrackingCookie(name)).toBe(false);
  });
  it("lists the host and its parent domains, and none for IP addresses or localhost", () => {
    expect(cookieDomains("www.example.com")).toEqual(["www.example.com", "example.com"]);
    expect(cookieDomains("127.0.0.1")).toEqual([]);
    expect(cookieDomains("localhost")).toEqual([]);
  });
});

describe("tracking storage", () => {
  it("clears Fingerprint's cache and Amplitude's keys from both storages, nothing else", async () => {
    const { removeTrackingStorage } = await import("../../../src/providers/consent/cookies");
    const area = (entries: Record<string, string>) => {
      const data = new Map(Object.entries(entries));
      const storage = {
        getItem: (key: string) => data.get(key) ?? null,
        removeItem: (key: string) => void data.delete(key),
        keys: () => [...data.keys()],
      };
      return new Proxy(storage, {
        ownKeys: () => [...data.keys()],
        getOwnPropertyDescriptor: (_, key) =>
          typeof key === "string" && data.has(key)
            ? { enumerable: true, configurable: true, value: data.get(key) }
            : undefined,
      });
    };
    const local = area({ AMP_unsent_0123456789: "[]", ABLocalFlags: "{}", cookieConsent: "[]" });
    const session = area({ "@fpjs@client@{...}": "{}", other: "1" });
    const removed = removeTrackingStorage({
      localStorage: local as unknown as Storage,
      sessionStorage: session as unknown as Storage,
    });
    expect(removed).toBe(2);
    expect(local.keys().sort()).toEqual(["ABLocalFlags", "cookieConsent"]);
    expect(session.keys()).toEqual(["other"]);
  });
});
