import { describe, expect, it } from "vitest";
import { includeInSitemap } from "../../../src/gatsby/sitemap";
import { robotsTxt } from "../../../src/gatsby/onPostBuild";

describe("includeInSitemap", () => {
  it.each(["/404/", "/404.html", "/500/", "/500.html", "/dev-404-page/", "/admin/"])(
    "leaves out %s",
    (path) => {
      expect(includeInSitemap({ path })).toBe(false);
    },
  );
  it("leaves out pages marked for exclusion (noindex or canonical elsewhere)", () => {
    expect(includeInSitemap({ path: "/home-a/", pageContext: { excludeFromSitemap: true } })).toBe(
      false,
    );
  });
  it("keeps ordinary pages", () => {
    expect(includeInSitemap({ path: "/", pageContext: { excludeFromSitemap: false } })).toBe(true);
    expect(includeInSitemap({ path: "/pricing/" })).toBe(true);
    expect(includeInSitemap({ path: "/5000-reasons/" })).toBe(true);
  });
});

describe("robotsTxt", () => {
  it("points at the absolute sitemap and keeps admin out", () => {
    const text = robotsTxt("https://example.org");
    expect(text).toContain("Sitemap: https://example.org/sitemap-index.xml");
    expect(text).toContain("Disallow: /admin/");
  });
});
