import { describe, expect, it } from "vitest";
import { includeInSitemap, sitemapPages, type SitemapData } from "../../../src/gatsby/sitemap";

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

describe("sitemapPages", () => {
  const data: SitemapData = {
    allSitePage: {
      nodes: [
        { path: "/" },
        { path: "/home-b/", pageContext: { excludeFromSitemap: true } },
        { path: "/pricing/" },
        { path: "/blog/" },
        { path: "/blog/old-post/" },
        { path: "/blog/edited-post/" },
        { path: "/case-studies/bank/" },
        { path: "/404/" },
      ],
    },
    allBlogPost: {
      nodes: [
        { path: "/blog/old-post/", date: "2024-05-01T00:00:00.000Z", updated: null },
        {
          path: "/blog/edited-post/",
          date: "2024-05-01T00:00:00.000Z",
          updated: "2025-01-02T00:00:00.000Z",
        },
      ],
    },
    allMarketingPage: {
      nodes: [
        { path: "/", sourceFile: "content/pages/home.yml", variantOf: null },
        { path: "/home-b/", sourceFile: "content/pages/home-b.yml", variantOf: "/" },
        { path: "/pricing/", sourceFile: "content/pages/pricing.yml", variantOf: null },
      ],
    },
    allCaseStudy: {
      nodes: [{ path: "/case-studies/bank/", sourceFile: "content/case-studies/bank.md" }],
    },
    allWebinar: { nodes: [] },
  };
  const commits = new Map([
    ["content/pages/home.yml", "2025-03-01T10:00:00+00:00"],
    ["content/pages/home-b.yml", "2025-04-01T10:00:00+00:00"],
    ["content/case-studies/bank.md", "2025-02-01T10:00:00+00:00"],
  ]);
  const byPath = Object.fromEntries(
    sitemapPages(data, commits).map((page) => [page.path, page.lastmod ?? null]),
  );

  it("lists the pages includeInSitemap keeps", () => {
    expect(Object.keys(byPath)).toEqual([
      "/",
      "/pricing/",
      "/blog/",
      "/blog/old-post/",
      "/blog/edited-post/",
      "/case-studies/bank/",
    ]);
  });

  it("dates a post by its updated date, else its date", () => {
    expect(byPath["/blog/old-post/"]).toBe("2024-05-01T00:00:00.000Z");
    expect(byPath["/blog/edited-post/"]).toBe("2025-01-02T00:00:00.000Z");
  });

  it("dates a content page by its file's last commit, the later of the page's and its variant's", () => {
    expect(byPath["/"]).toBe("2025-04-01T10:00:00+00:00");
    expect(byPath["/case-studies/bank/"]).toBe("2025-02-01T10:00:00+00:00");
  });

  it("leaves lastmod out where no date is known: no commit for the file, or a listing", () => {
    expect(byPath["/pricing/"]).toBeNull();
    expect(byPath["/blog/"]).toBeNull();
    // One unknown file of two: the page's date is unknown too.
    const partial = new Map(commits);
    partial.delete("content/pages/home-b.yml");
    const home = sitemapPages(data, partial).find((page) => page.path === "/");
    expect(home?.lastmod).toBeUndefined();
  });
});
