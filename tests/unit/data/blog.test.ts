import { describe, expect, it } from "vitest";
import { slug } from "../../../src/config/site";
import {
  featuredPost,
  isListed,
  listedPosts,
  pagerItems,
  pagePath,
  paginate,
  paths,
  relatedPosts,
  relatedPostsOf,
  type ListablePost,
} from "../../../src/data/blog";
import fc from "fast-check";
import {
  authorSchema,
  checkEntrySlug,
  checkPostSlug,
  checkTagKey,
  parseContent,
  postFrontmatterSchema,
  webinarFrontmatterSchema,
} from "../../../src/data/blogSchema";

describe("slug", () => {
  it.each([
    ["Account Takeover", "account-takeover"],
    ["  Credential   stuffing!  ", "credential-stuffing"],
    ["Geolocalização & Apostas", "geolocalizacao-apostas"],
    ["--already-a-slug--", "already-a-slug"],
    ["C++ / Node.js 20", "c-node-js-20"],
  ])("%s → %s", (input, expected) => {
    expect(slug(input)).toBe(expected);
  });
  it("is idempotent", () => {
    for (const text of ["Hello World", "ÀÉÎÕÜ ç", "a--b"])
      expect(slug(slug(text))).toBe(slug(text));
  });
});

describe("paginate", () => {
  const pathFor = (n: number) => paths.blog(n);
  it("gives one empty page for no items", () => {
    expect(paginate(0, 12, pathFor)).toEqual([
      { page: 1, numPages: 1, skip: 0, limit: 12, path: "/blog/" },
    ]);
  });
  it("fills whole pages exactly", () => {
    const pages = paginate(24, 12, pathFor);
    expect(pages.map((p) => [p.page, p.skip, p.path])).toEqual([
      [1, 0, "/blog/"],
      [2, 12, "/blog/2/"],
    ]);
  });
  it("puts the remainder on a last page", () => {
    const pages = paginate(13, 12, pathFor);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toMatchObject({ page: 2, numPages: 2, skip: 12, path: "/blog/2/" });
  });
  it.each([
    [1, 1],
    [12, 1],
    [25, 3],
    [100, 9],
  ])("%i items → %i pages", (total, pages) => {
    expect(paginate(total, 12, pathFor)).toHaveLength(pages);
  });
  it("rejects a nonsensical page size", () => {
    expect(() => paginate(5, 0, pathFor)).toThrow();
  });
  it("puts fewer items on page 1 when it holds something else too (the featured post)", () => {
    // 13 others beside a featured post: 11 + featured on page 1, then 2.
    const pages = paginate(13, 12, pathFor, 11);
    expect(pages.map((p) => [p.page, p.skip, p.limit, p.path])).toEqual([
      [1, 0, 11, "/blog/"],
      [2, 11, 12, "/blog/2/"],
    ]);
    expect(paginate(11, 12, pathFor, 11)).toHaveLength(1);
    expect(paginate(12, 12, pathFor, 11)).toHaveLength(2);
    expect(paginate(0, 12, pathFor, 11)).toEqual([
      { page: 1, numPages: 1, skip: 0, limit: 11, path: "/blog/" },
    ]);
    expect(() => paginate(5, 12, pathFor, 13)).toThrow();
    expect(() => paginate(5, 12, pathFor, 0)).toThrow();
  });
  it("builds tag page paths the same way", () => {
    expect(paginate(13, 12, (n) => paths.tag("guides", n)).map((p) => p.path)).toEqual([
      "/blog/tag/guides/",
      "/blog/tag/guides/2/",
    ]);
  });
});

describe("paths", () => {
  it("numbers every listing's pages under its first page", () => {
    expect(pagePath("/blog/author/maya/", 1)).toBe("/blog/author/maya/");
    expect(pagePath("/blog/author/maya/", 3)).toBe("/blog/author/maya/3/");
    expect(paths.author("maya", 2)).toBe("/blog/author/maya/2/");
    expect(paths.authorTag("maya", "guides")).toBe("/blog/author/maya/guides/");
    expect(paths.authorTag("maya", "guides", 2)).toBe("/blog/author/maya/guides/2/");
    expect(paths.tag("guides", 2)).toBe("/blog/tag/guides/2/");
    expect(paths.blog(2)).toBe("/blog/2/");
  });
});

describe("pagerItems", () => {
  it("lists every page when there are few", () => {
    expect(pagerItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("collapses the middle of long ranges", () => {
    expect(pagerItems(6, 12)).toEqual([1, "gap", 5, 6, 7, "gap", 12]);
    expect(pagerItems(1, 12)).toEqual([1, 2, "gap", 12]);
  });
});

const post = (
  id: string,
  date: string,
  tagKeys: string[],
  extra: Partial<ListablePost> = {},
): ListablePost => ({
  id,
  date,
  tagKeys,
  draft: false,
  hidden: false,
  locale: "en",
  ...extra,
});

describe("listing rules", () => {
  const posts = [
    post("old", "2024-01-01", ["a"]),
    post("new", "2025-01-01", ["a"]),
    post("draft", "2025-02-01", ["a"], { draft: true }),
    post("hidden", "2025-03-01", ["a"], { hidden: true }),
    post("br", "2025-04-01", ["a"], { locale: "pt-BR" }),
  ];
  it("lists published, visible, main-locale posts newest first", () => {
    expect(listedPosts(posts).map((p) => p.id)).toEqual(["new", "old"]);
    expect(isListed(posts[2]!)).toBe(false);
  });
  it("features the newest featured listed post", () => {
    const withFeatures = [
      post("f-old", "2024-05-01", [], { featured: true }),
      post("f-new", "2024-06-01", [], { featured: true }),
      post("f-hidden", "2025-01-01", [], { featured: true, hidden: true }),
    ];
    expect(featuredPost(withFeatures)?.id).toBe("f-new");
    expect(featuredPost([post("x", "2024-01-01", [])])).toBeUndefined();
  });
});

describe("relatedPosts", () => {
  const current = post("me", "2025-01-01", ["a", "b", "c"]);
  const posts = [
    current,
    post("one-shared-new", "2025-05-01", ["a"]),
    post("two-shared-old", "2024-01-01", ["a", "b"]),
    post("three-shared", "2023-01-01", ["a", "b", "c"]),
    post("none-newest", "2025-06-01", ["z"]),
    post("none-older", "2024-06-01", ["y"]),
    post("hidden-three", "2025-01-01", ["a", "b", "c"], { hidden: true }),
    post("draft-three", "2025-01-01", ["a", "b", "c"], { draft: true }),
  ];
  it("ranks by shared tags, then by date, never itself, hidden or draft posts", () => {
    expect(relatedPosts(current, posts).map((p) => p.id)).toEqual([
      "three-shared",
      "two-shared-old",
      "one-shared-new",
    ]);
  });
  it("breaks ties by newest first", () => {
    const tie = [current, post("t-old", "2024-01-01", ["a"]), post("t-new", "2024-02-01", ["b"])];
    expect(relatedPosts(current, tie).map((p) => p.id)).toEqual(["t-new", "t-old"]);
  });
  it("relatedPostsOf (one sort for the whole blog) ranks as the rule says, for any blog", () => {
    // The rule written out plainly: sort every candidate by shared tags, then newest; fill with the rest.
    const byRule = (me: ListablePost, all: ListablePost[], limit: number) => {
      const tags = new Set(me.tagKeys);
      const shared = (p: ListablePost) => p.tagKeys.filter((t) => tags.has(t)).length;
      const candidates = listedPosts(all).filter((p) => p.id !== me.id);
      const ranked = candidates
        .filter((p) => shared(p) > 0)
        .sort(
          (a, b) =>
            shared(b) - shared(a) || b.date.localeCompare(a.date) || a.id.localeCompare(b.id),
        );
      return [...ranked, ...candidates.filter((p) => shared(p) === 0)]
        .slice(0, limit)
        .map((p) => p.id);
    };
    const blog = fc
      .uniqueArray(
        fc.record({
          id: fc.string({ minLength: 1, maxLength: 4 }),
          day: fc.integer({ min: 1, max: 28 }),
          tags: fc.subarray(["a", "b", "c", "d"]),
          hidden: fc.boolean(),
        }),
        { selector: (p) => p.id, minLength: 1, maxLength: 30 },
      )
      .map((items) =>
        items.map((p) =>
          post(p.id, `2024-02-${String(p.day).padStart(2, "0")}`, p.tags, { hidden: p.hidden }),
        ),
      );
    fc.assert(
      fc.property(blog, fc.integer({ min: 1, max: 6 }), (all, limit) => {
        const relatedTo = relatedPostsOf(all, limit);
        for (const me of all)
          expect(relatedTo(me).map((p) => p.id)).toEqual(byRule(me, all, limit));
      }),
    );
  });

  it("fills with the newest other posts when too few share a tag", () => {
    expect(relatedPosts(current, posts, 5).map((p) => p.id)).toEqual([
      "three-shared",
      "two-shared-old",
      "one-shared-new",
      "none-newest",
      "none-older",
    ]);
  });
});

describe("post frontmatter", () => {
  const valid = {
    title: "A post",
    slug: "a-post",
    description: "A description that is long enough to be a useful search snippet for readers.",
    date: new Date("2025-01-02T00:00:00Z"),
    authors: ["maya-okafor"],
    tags: ["guides"],
  };
  it("accepts a minimal post and applies defaults", () => {
    const parsed = parseContent(postFrontmatterSchema, valid, "content/blog/a-post/index.md");
    expect(parsed).toMatchObject({
      featured: false,
      draft: false,
      hidden: false,
      locale: "en",
      date: "2025-01-02T00:00:00.000Z",
    });
  });
  it("accepts date strings, a zone-less one in the site's time zone (Chicago)", () => {
    expect(parseContent(postFrontmatterSchema, { ...valid, date: "2025-03-04" }, "x").date).toBe(
      "2025-03-04T06:00:00.000Z",
    );
    expect(
      parseContent(postFrontmatterSchema, { ...valid, date: "2026-12-08 09:00" }, "x").date,
    ).toBe("2026-12-08T15:00:00.000Z");
  });
  it("names the file and every problem", () => {
    const parse = () =>
      parseContent(
        postFrontmatterSchema,
        { ...valid, tags: ["Not A Slug"], date: "soon", extra: 1 },
        "content/blog/bad/index.md",
      );
    expect(parse).toThrow(/^Invalid content in content\/blog\/bad\/index\.md/);
    for (const problem of [
      /tags\.0: must be lowercase-hyphen/,
      /date: not a date/,
      /Unrecognized key: "extra"/,
    ])
      expect(parse).toThrow(problem);
  });
  it("needs alt text with a hero image, naming the file and the field", () => {
    for (const hero of ["./hero.png", "hero.png"])
      expect(() =>
        parseContent(postFrontmatterSchema, { ...valid, hero }, "content/blog/a-post/index.md"),
      ).toThrow(/^Invalid content in content\/blog\/a-post\/index\.md:\n {2}- heroAlt: /);
    expect(() => parseContent(postFrontmatterSchema, { ...valid, heroAlt: "A" }, "x")).toThrow(
      /hero: heroAlt describes the hero image/,
    );
  });
  it.each(["hero.png", "./hero.png", "images/hero.webp", "./images/Hero_2.JPG"])(
    "accepts the local image path %s (what the CMS writes, or with ./)",
    (hero) => {
      expect(parseContent(postFrontmatterSchema, { ...valid, hero, heroAlt: "A" }, "x").hero).toBe(
        hero,
      );
    },
  );
  it.each([
    "../hero.png",
    "./../hero.png",
    "images/../../hero.png",
    "/hero.png",
    "/img/uploads/hero.png",
    "https://cdn.example.com/a.png",
    "//cdn.example.com/a.png",
    ".hero.png",
    "hero.svg",
    "hero",
  ])("refuses %s as a hero", (hero) => {
    expect(() =>
      parseContent(postFrontmatterSchema, { ...valid, hero, heroAlt: "A" }, "x"),
    ).toThrow(/hero: must be an image file beside this one/);
  });
  it("wants the slug field to be a key", () => {
    expect(() => parseContent(postFrontmatterSchema, { ...valid, slug: "My_Post" }, "x")).toThrow(
      /slug: must be lowercase-hyphen/,
    );
    expect(() => parseContent(postFrontmatterSchema, { ...valid, slug: undefined }, "x")).toThrow(
      /slug/,
    );
  });
  it("ties a non-English locale to translationOf", () => {
    expect(() => parseContent(postFrontmatterSchema, { ...valid, locale: "pt-BR" }, "x")).toThrow(
      /translationOf/,
    );
    expect(() =>
      parseContent(postFrontmatterSchema, { ...valid, translationOf: "other" }, "x"),
    ).toThrow(/translationOf/);
    expect(
      parseContent(
        postFrontmatterSchema,
        { ...valid, locale: "pt-BR", translationOf: "a-post" },
        "x",
      ).locale,
    ).toBe("pt-BR");
  });
});

describe("checkPostSlug", () => {
  it("accepts a translation in <original>-br", () => {
    expect(() =>
      checkPostSlug(
        "a-post-br",
        { slug: "a-post-br", locale: "pt-BR", translationOf: "a-post" },
        "x",
      ),
    ).not.toThrow();
  });
  it.each(["A-Post", "2", "tag", "author"])("rejects %s", (name) => {
    expect(() =>
      checkPostSlug(name, { slug: name, locale: "en", translationOf: undefined }, "x"),
    ).toThrow(/Invalid content in x/);
  });
  it("rejects a translation in the wrong folder", () => {
    expect(() =>
      checkPostSlug(
        "a-post-pt",
        { slug: "a-post-pt", locale: "pt-BR", translationOf: "a-post" },
        "x",
      ),
    ).toThrow(/a-post-br/);
  });
  it("rejects a slug field that no longer matches the folder, saying how to fix it", () => {
    expect(() =>
      checkPostSlug("old-name", { slug: "new-name", locale: "en", translationOf: undefined }, "x"),
    ).toThrow(/slug: "new-name" does not match the folder name "old-name".*set slug back/);
  });
});

describe("checkEntrySlug and checkTagKey", () => {
  it("wants a case study's or webinar's slug field to match its file name", () => {
    expect(() => checkEntrySlug("lumina-bank", { slug: "lumina-bank" }, "x")).not.toThrow();
    expect(() => checkEntrySlug("lumina-bank", { slug: "lumina" }, "x")).toThrow(
      /Invalid content in x:\n {2}- slug: "lumina" does not match the file name "lumina-bank"/,
    );
  });
  it("refuses a tag key made of digits only (author pages number their pages)", () => {
    expect(() => checkTagKey("2025", "content/tags/2025.yml")).toThrow(/page numbers/);
    expect(() => checkTagKey("2fa", "x")).not.toThrow();
  });
});

describe("other content schemas", () => {
  it("validates authors' links as https URLs", () => {
    expect(() =>
      parseContent(
        authorSchema,
        { name: "A", role: "B", bio: "C", links: [{ label: "X", url: "javascript:alert(1)" }] },
        "a.yml",
      ),
    ).toThrow(/links/);
  });
  it("wants a HubSpot form GUID on webinars", () => {
    const webinar = {
      title: "W",
      slug: "w",
      description: "D",
      date: "2025-01-01T10:00:00Z",
      durationMinutes: 45,
      format: "live",
      speakers: [{ name: "S", role: "R" }],
      hubspotFormId: "not-a-guid",
    };
    expect(() => parseContent(webinarFrontmatterSchema, webinar, "w.md")).toThrow(/hubspotFormId/);
  });
});
