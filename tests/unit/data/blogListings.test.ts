// The blog's listing plan: 12 per page everywhere (the featured post counts on /blog/), author and
// author-tag pagination, canonicals, and no page for a tag or author without a listed post.
import { describe, expect, it } from "vitest";
import { planBlogListings, type PlannablePost } from "../../../src/data/blogListings";

const post = (
  n: number,
  authorKeys: string[],
  tagKeys: string[],
  extra: Partial<PlannablePost> = {},
): PlannablePost => ({
  id: `p${n}`,
  // p1 is the oldest.
  date: `2025-01-${String(n).padStart(2, "0")}T00:00:00.000Z`,
  tagKeys,
  authorKeys,
  draft: false,
  hidden: false,
  locale: "en",
  ...extra,
});

/** 27 listed posts by maya (guides), the newest featured; plus unlisted ones by other people. */
const posts: PlannablePost[] = [
  ...Array.from({ length: 26 }, (_, i) => post(i + 1, ["maya"], ["guides"])),
  post(27, ["maya"], ["guides"], { featured: true }),
  post(28, ["hidden-only"], ["secret"], { hidden: true }),
  post(29, ["draft-only"], ["guides"], { draft: true }),
  post(30, ["maya"], ["secret"], { locale: "pt-BR" }),
];
const plan = planBlogListings(
  posts,
  ["guides", "secret", "unused"],
  ["maya", "hidden-only", "draft-only", "nobody"],
);
const byPath = new Map(plan.listings.map((l) => [l.path, l]));
const paths = plan.listings.map((l) => l.path);

describe("planBlogListings", () => {
  it("puts 12 posts on every blog page, the featured one included on page 1", () => {
    const first = byPath.get("/blog/");
    expect(first).toMatchObject({ featuredId: "p27", page: 1, numPages: 3 });
    expect(first?.ids).toHaveLength(11);
    expect(first?.ids).not.toContain("p27");
    expect(first?.ids[0]).toBe("p26");
    expect(byPath.get("/blog/2/")?.ids).toHaveLength(12);
    expect(byPath.get("/blog/2/")?.featuredId).toBe("");
    // 26 others: 11 + 12 + 3.
    expect(byPath.get("/blog/3/")?.ids).toEqual(["p3", "p2", "p1"]);
  });

  it("paginates author pages at /blog/author/<a>/<n>/, canonical to themselves", () => {
    const pages = plan.listings.filter((l) => l.authorKey === "maya" && l.tagKey === "");
    expect(pages.map((l) => l.path)).toEqual([
      "/blog/author/maya/",
      "/blog/author/maya/2/",
      "/blog/author/maya/3/",
    ]);
    expect(pages.map((l) => l.ids.length)).toEqual([12, 12, 3]);
    expect(new Set(pages.flatMap((l) => l.ids)).size).toBe(27);
    for (const page of pages) {
      expect(page).toMatchObject({ numPages: 3, basePath: "/blog/author/maya/", canonical: null });
      expect(page.excludeFromSitemap).toBe(false);
    }
  });

  it("paginates author-tag pages under their own path, all canonical to the author page and out of the sitemap", () => {
    const pages = plan.listings.filter((l) => l.authorKey === "maya" && l.tagKey === "guides");
    expect(pages.map((l) => l.path)).toEqual([
      "/blog/author/maya/guides/",
      "/blog/author/maya/guides/2/",
      "/blog/author/maya/guides/3/",
    ]);
    for (const page of pages)
      expect(page).toMatchObject({
        basePath: "/blog/author/maya/guides/",
        canonical: "/blog/author/maya/",
        excludeFromSitemap: true,
        topicKeys: ["guides"],
      });
  });

  it("gives every path exactly one page", () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("makes no page for a tag or author without a listed post, and says which have one", () => {
    expect([...plan.tagsWithPages]).toEqual(["guides"]);
    expect([...plan.authorsWithPages]).toEqual(["maya"]);
    for (const missing of ["secret", "unused"])
      expect(
        paths.some((p) => p.includes(`/${missing}/`)),
        missing,
      ).toBe(false);
    for (const missing of ["hidden-only", "draft-only", "nobody"])
      expect(
        paths.some((p) => p.startsWith(`/blog/author/${missing}/`)),
        missing,
      ).toBe(false);
    // Topic links point only at tags with pages.
    for (const listing of plan.listings)
      for (const topic of listing.topicKeys) expect(plan.tagsWithPages.has(topic)).toBe(true);
  });

  it("keeps hidden, draft and translated posts off every listing", () => {
    const listed = new Set(plan.listings.flatMap((l) => [...l.ids, l.featuredId]));
    for (const id of ["p28", "p29", "p30"]) expect(listed.has(id), id).toBe(false);
  });

  it("still makes the blog index (one empty page) with no posts at all", () => {
    const empty = planBlogListings([], ["guides"], ["maya"]);
    expect(empty.listings).toEqual([
      expect.objectContaining({ path: "/blog/", ids: [], featuredId: "", numPages: 1 }),
    ]);
  });

  it("keeps pagination visible when the featured post plus 11 fill page 1 (14 listed posts)", () => {
    const seedLike = Array.from({ length: 14 }, (_, i) =>
      post(i + 1, ["a"], ["t"], { featured: i === 13 }),
    );
    const pages = planBlogListings(seedLike, ["t"], ["a"]).listings.filter(
      (l) => l.basePath === "/blog/",
    );
    expect(pages.map((l) => [l.path, l.ids.length, l.featuredId])).toEqual([
      ["/blog/", 11, "p14"],
      ["/blog/2/", 2, ""],
    ]);
  });
});
