// Every file under content/blog, authors, tags, case-studies and webinars against the content contract.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { site } from "../../../src/config/site";
import { listedPosts } from "../../../src/data/blog";
import {
  authorSchema,
  caseStudyFrontmatterSchema,
  checkPostSlug,
  parseContent,
  postFrontmatterSchema,
  tagSchema,
  webinarFrontmatterSchema,
} from "../../../src/data/blogSchema";
import { fillPlaceholders } from "../../../src/data/content";

const root = path.resolve("content");
const frontmatter = (file: string) => {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(file, "utf8"));
  if (!match) throw new Error(`${file} has no frontmatter`);
  return { data: fillPlaceholders(parse(match[1] ?? "") as unknown), body: match[2] ?? "" };
};
const names = (dir: string, ext: string) =>
  readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith(ext))
    .map((f) => f.slice(0, -ext.length));

const authors = names("authors", ".yml");
const tags = names("tags", ".yml");
const postSlugs = readdirSync(path.join(root, "blog")).filter((d) =>
  existsSync(path.join(root, "blog", d, "index.md")),
);
const posts = postSlugs.map((slug) => {
  const file = path.join(root, "blog", slug, "index.md");
  const { data, body } = frontmatter(file);
  return { slug, file, body, ...parseContent(postFrontmatterSchema, data, file) };
});

describe("content/blog", () => {
  it("has enough posts, authors and tags for pagination and the spec's topics", () => {
    expect(posts.length).toBeGreaterThanOrEqual(16);
    expect(authors.length).toBeGreaterThanOrEqual(4);
    expect(tags.length).toBeGreaterThanOrEqual(8);
    expect(tags).toEqual(
      expect.arrayContaining([
        "tutorials",
        "guides",
        "personalization",
        "account-sharing",
        "payment-fraud",
        "account-takeover",
      ]),
    );
    expect(posts.filter((p) => p.hidden)).toHaveLength(1);
    expect(posts.filter((p) => p.draft)).toHaveLength(1);
  });

  it.each(postSlugs)("%s is valid: slug, authors, tags, hero and translation", (slug) => {
    const post = posts.find((p) => p.slug === slug)!;
    checkPostSlug(slug, post, post.file);
    for (const author of post.authors) expect(authors, `${slug} author`).toContain(author);
    for (const tag of post.tags) expect(tags, `${slug} tag`).toContain(tag);
    if (post.hero) expect(existsSync(path.join(root, "blog", slug, post.hero))).toBe(true);
    if (post.translationOf) expect(postSlugs).toContain(post.translationOf);
  });

  it("links only to posts that get a page", () => {
    const published = new Set(posts.filter((p) => !p.draft).map((p) => `/blog/${p.slug}/`));
    for (const post of posts) {
      for (const [, href] of post.body.matchAll(/\]\((\/blog\/[^)#\s]+)\)/g)) {
        if (!/^\/blog\/(tag|author)\//.test(href ?? ""))
          expect(published, `${post.slug} → ${href}`).toContain(href);
      }
    }
  });

  it("fills two listing pages (a featured post plus more than 12 others)", () => {
    expect(
      listedPosts(posts.map((p) => ({ ...p, id: p.slug, tagKeys: p.tags }))).length,
    ).toBeGreaterThan(13);
  });

  it("has the Brazil post and its pt-BR variant", () => {
    const br = posts.find((p) => p.slug === "geolocation-brazil-gambling-regulations-br");
    expect(br).toMatchObject({
      locale: "pt-BR",
      translationOf: "geolocation-brazil-gambling-regulations",
    });
  });
});

describe("authors, tags, case studies and webinars", () => {
  it.each(authors)("author %s is valid", (name) => {
    parseContent(
      authorSchema,
      fillPlaceholders(parse(readFileSync(path.join(root, "authors", `${name}.yml`), "utf8"))),
      name,
    );
  });
  it.each(tags)("tag %s is valid", (name) => {
    parseContent(
      tagSchema,
      parse(readFileSync(path.join(root, "tags", `${name}.yml`), "utf8")),
      name,
    );
  });
  it("has at least three case studies and one webinar, all valid", () => {
    const stories = names("case-studies", ".md");
    const webinars = names("webinars", ".md");
    expect(stories.length).toBeGreaterThanOrEqual(3);
    expect(webinars.length).toBeGreaterThanOrEqual(1);
    for (const s of stories)
      parseContent(
        caseStudyFrontmatterSchema,
        frontmatter(path.join(root, "case-studies", `${s}.md`)).data,
        s,
      );
    for (const w of webinars)
      parseContent(
        webinarFrontmatterSchema,
        frontmatter(path.join(root, "webinars", `${w}.md`)).data,
        w,
      );
  });
});

describe("brand placeholder", () => {
  it("never hard-codes the product name in blog content (uses {product})", () => {
    const files = ["blog", "authors", "tags", "case-studies", "webinars"].flatMap((dir) =>
      (readdirSync(path.join(root, dir), { recursive: true }) as string[])
        .filter((f) => /\.(md|ya?ml)$/.test(f))
        .map((f) => path.join(root, dir, f)),
    );
    for (const file of files)
      expect(readFileSync(file, "utf8"), file).not.toContain(site.productName);
  });
});
