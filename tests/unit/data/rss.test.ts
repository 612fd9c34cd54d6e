import { describe, expect, it } from "vitest";
import { FEED_SIZE, type ListablePost } from "../../../src/data/blog";
import { absolutiseHtml, feedPosts, renderRss, type FeedPost } from "../../../src/data/rss";
import { article, breadcrumbList, jsonLd } from "../../../src/data/structuredData";

const channel = {
  title: "Acme blog",
  description: "News & notes",
  siteUrl: "https://example.org",
  feedPath: "/rss.xml",
  language: "en",
};
const post = (n: number): FeedPost => ({
  title: `Post <${n}> & more`,
  description: "A description",
  path: `/blog/post-${n}/`,
  date: `2025-01-${String(n).padStart(2, "0")}T00:00:00.000Z`,
  html: `<p>Body ${n} with <a href="/blog/other/">a link</a> and ]]> inside</p>`,
  authors: ["Maya Okafor"],
  tags: ["Guides"],
});

describe("renderRss", () => {
  const xml = renderRss(channel, [post(2), post(1)]);
  it("writes one item per post with escaped titles and absolute links", () => {
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(xml).toContain("<title>Post &lt;2&gt; &amp; more</title>");
    expect(xml).toContain("<link>https://example.org/blog/post-2/</link>");
    expect(xml).toContain("<description>News &amp; notes</description>");
    expect(xml).toContain("<pubDate>Thu, 02 Jan 2025 00:00:00 GMT</pubDate>");
  });
  it("carries the full content in CDATA, never broken by ]]>", () => {
    expect(xml).toContain(
      '<content:encoded><![CDATA[<p>Body 2 with <a href="https://example.org/blog/other/">a link</a> and ]]]]><![CDATA[> inside</p>]]></content:encoded>',
    );
  });
  it("declares the namespaces it uses and a self link", () => {
    expect(xml).toMatch(/xmlns:content="http:\/\/purl.org\/rss\/1.0\/modules\/content\/"/);
    expect(xml).toContain(
      '<atom:link href="https://example.org/rss.xml" rel="self" type="application/rss+xml"/>',
    );
  });
  it("writes an empty but valid channel when there are no posts", () => {
    expect(renderRss(channel, [])).not.toContain("<item>");
  });
});

describe("feedPosts", () => {
  const listable = (n: number, extra: Partial<ListablePost> = {}): ListablePost => ({
    id: `p${n}`,
    date: new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString(),
    tagKeys: [],
    draft: false,
    hidden: false,
    locale: "en",
    ...extra,
  });
  // 25 visible posts in shuffled order, and newer ones that must never appear.
  const scrambled = (post: ListablePost) => (Number(post.id.slice(1)) * 7) % 25;
  const visible = Array.from({ length: 25 }, (_, i) => listable(i + 1)).sort(
    (a, b) => scrambled(a) - scrambled(b),
  );
  const posts = [
    ...visible,
    listable(40, { draft: true }),
    listable(41, { hidden: true }),
    listable(42, { locale: "pt-BR" }),
  ];

  it("keeps the newest 20 visible posts, newest first", () => {
    const feed = feedPosts(posts);
    expect(FEED_SIZE).toBe(20);
    expect(feed).toHaveLength(20);
    expect(feed.map((p) => p.id)).toEqual(Array.from({ length: 20 }, (_, i) => `p${25 - i}`));
  });
  it("leaves out drafts, hidden posts and translations even when they are the newest", () => {
    const ids = feedPosts(posts).map((p) => p.id);
    for (const id of ["p40", "p41", "p42"]) expect(ids).not.toContain(id);
  });
  it("takes every visible post when there are fewer than the limit", () => {
    expect(feedPosts(posts.slice(0, 3), 20)).toHaveLength(3);
    expect(feedPosts(posts, 5).map((p) => p.id)).toEqual(["p25", "p24", "p23", "p22", "p21"]);
  });
});

describe("absolutiseHtml", () => {
  it("rewrites site-relative href, src and srcset but leaves absolute and protocol-relative URLs", () => {
    const html =
      '<a href="/x/">x</a><img src="/static/a.png" srcset="/static/a.png 1x, /static/b.png 2x"><a href="https://o.org/">o</a><a href="//cdn.org/">c</a><a href="#h">h</a>';
    expect(absolutiseHtml(html, "https://s.org")).toBe(
      '<a href="https://s.org/x/">x</a><img src="https://s.org/static/a.png" srcset="https://s.org/static/a.png 1x, https://s.org/static/b.png 2x"><a href="https://o.org/">o</a><a href="//cdn.org/">c</a><a href="#h">h</a>',
    );
  });
});

describe("structured data", () => {
  it("builds a BreadcrumbList with absolute items, the last one being the current page", () => {
    const list = breadcrumbList(
      "https://s.org",
      [{ label: "Home", href: "/" }, { label: "Blog", href: "/blog/" }, { label: "Post" }],
      "/blog/post/",
    );
    expect(list["itemListElement"]).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://s.org/" },
      { "@type": "ListItem", position: 2, name: "Blog", item: "https://s.org/blog/" },
      { "@type": "ListItem", position: 3, name: "Post", item: "https://s.org/blog/post/" },
    ]);
  });
  it("builds an article with authors, dates and language", () => {
    const data = article("https://s.org", {
      headline: "H",
      description: "D",
      path: "/blog/h/",
      datePublished: "2025-01-01T00:00:00.000Z",
      authors: [{ name: "Maya Okafor", path: "/blog/author/maya-okafor/" }],
      image: "/static/hero.png",
      inLanguage: "pt-BR",
      publisherName: "Acme Labs",
    });
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      dateModified: "2025-01-01T00:00:00.000Z",
      inLanguage: "pt-BR",
      image: "https://s.org/static/hero.png",
      author: [
        { "@type": "Person", name: "Maya Okafor", url: "https://s.org/blog/author/maya-okafor/" },
      ],
    });
  });
  it("serialises so that no string can close the script tag", () => {
    expect(jsonLd({ headline: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
