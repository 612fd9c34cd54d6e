// Tests the visit-history rules: landing and previous page, the 20-page cap, UTM parsing, own referrer, the 4 KB cap.
import { describe, expect, it } from "vitest";
import {
  MAX_COOKIE_BYTES,
  nextHistory,
  parseHistory,
  serializeHistory,
  utmFrom,
} from "../../../src/providers/visit-history/history";
import { loadFlags } from "../../../src/providers/experiments/ExperimentsProvider";
import { EXPERIMENTS } from "../../../src/config/experiments";
import { FLAGS_STORAGE_KEY } from "../../../src/providers/experiments/flags";

describe("utmFrom", () => {
  it("keeps every utm_* value and the referrer of another site", () => {
    expect(
      utmFrom(
        "?utm_source=news&utm_medium=email&utm_custom_x=1&gclid=zz&q=a",
        "https://news.example/post",
        "www.example.com",
      ),
    ).toEqual({
      utm_source: "news",
      utm_medium: "email",
      utm_custom_x: "1",
      referral_url: "https://news.example/post",
    });
  });
  it("ignores a referrer from our own site and its subdomains", () => {
    expect(utmFrom("", "https://www.example.com/blog/", "www.example.com")).toEqual({});
    expect(utmFrom("", "https://docs.www.example.com/", "www.example.com")).toEqual({});
    expect(utmFrom("", "not a url", "www.example.com")).toEqual({});
  });
});

describe("nextHistory", () => {
  it("starts at the landing page and records the previous page on each navigation", () => {
    let history = nextHistory(null, "/", { utm_source: "ads" });
    expect(history).toEqual({
      landingPage: "/",
      visitedPages: ["/"],
      previousPage: "",
      utmParams: { utm_source: "ads" },
    });
    history = nextHistory(history, "/pricing/", {});
    history = nextHistory(history, "/contact-sales/", {});
    expect(history).toMatchObject({
      landingPage: "/",
      previousPage: "/pricing/",
      visitedPages: ["/", "/pricing/", "/contact-sales/"],
      utmParams: { utm_source: "ads" },
    });
  });
  it("changes nothing for the same path twice", () => {
    const history = nextHistory(nextHistory(null, "/", {}), "/a/", {});
    expect(nextHistory(history, "/a/", {})).toEqual(history);
  });
  it("keeps the newest 20 pages", () => {
    let history = nextHistory(null, "/p0/", {});
    for (let i = 1; i < 30; i += 1) history = nextHistory(history, `/p${i}/`, {});
    expect(history.visitedPages).toHaveLength(20);
    expect(history.visitedPages[0]).toBe("/p10/");
    expect(history.visitedPages[19]).toBe("/p29/");
    expect(history.landingPage).toBe("/p0/");
  });
  it("replaces campaign values when a new campaign link arrives", () => {
    const history = nextHistory(nextHistory(null, "/", { utm_source: "a" }), "/b/", {
      utm_source: "b",
    });
    expect(history.utmParams).toEqual({ utm_source: "b" });
  });
});

describe("the cookie value", () => {
  it("round-trips and stays under 4 KB by dropping the oldest pages", () => {
    let history = nextHistory(null, "/", {});
    for (let i = 0; i < 20; i += 1) history = nextHistory(history, `/${"x".repeat(300)}-${i}/`, {});
    const value = serializeHistory(history, "visitHistory");
    expect(value).not.toBeNull();
    expect("visitHistory=".length + encodeURIComponent(value ?? "").length).toBeLessThanOrEqual(
      MAX_COOKIE_BYTES,
    );
    const back = parseHistory(value ?? "");
    expect(back?.visitedPages.at(-1)).toBe(history.visitedPages.at(-1));
    expect(back?.visitedPages.length).toBeLessThan(20);
  });
  it("reads junk as no history", () => {
    expect(parseHistory("{")).toBeNull();
    expect(parseHistory('{"landingPage":1}')).toBeNull();
    expect(parseHistory(undefined)).toBeNull();
  });
});

describe("experiment flags on first visit", () => {
  it("assigns every experiment with equal odds, saves them, and keeps them on the next visit", () => {
    const data = new Map<string, string>();
    const store = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    let calls = 0;
    const flags = loadFlags(store, () => (calls++ % 2 === 0 ? 0.2 : 0.7));
    expect(Object.keys(flags).sort()).toEqual([...EXPERIMENTS].sort());
    expect(new Set(Object.values(flags))).toEqual(new Set(["control", "treatment"]));
    expect(JSON.parse(data.get(FLAGS_STORAGE_KEY) ?? "{}")).toEqual(flags);
    expect(loadFlags(store, () => 0.99)).toEqual(flags);
  });
});
