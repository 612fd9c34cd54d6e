import { describe, expect, it } from "vitest";
import { site, slug } from "../../../src/config/site";
import { withTrailingSlash } from "../../../src/config/routes";

describe("slug", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["  Über Café! ", "uber-cafe"],
    ["Geolocation & Brazil's gambling rules", "geolocation-brazil-s-gambling-rules"],
    ["already-a-slug", "already-a-slug"],
    ["--Trim--me--", "trim-me"],
    ["A/B test 2026", "a-b-test-2026"],
  ])("%s → %s", (input, expected) => {
    expect(slug(input)).toBe(expected);
  });
});

describe("site config", () => {
  it("defaults to the Fingerprint brand", () => {
    expect(site.productName).toBe("Fingerprint");
    expect(site.productSlug).toBe("fingerprint");
    expect(site.url).not.toMatch(/\/$/);
  });
});

describe("withTrailingSlash", () => {
  it.each([
    ["/about-us", "/about-us/"],
    ["/about-us/", "/about-us/"],
    ["/careers/jobs/apply?gh_jid=12", "/careers/jobs/apply/?gh_jid=12"],
    ["/faq#pricing", "/faq/#pricing"],
    ["/rss.xml", "/rss.xml"],
    ["/", "/"],
  ])("%s → %s", (input, expected) => {
    expect(withTrailingSlash(input)).toBe(expected);
  });
});
