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
  checkEntrySlug,
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
  return { ...parseContent(postFrontmatterSchema, data, file), slug, file, body };
});

describe("content/blog", () => {
  it("has enough posts, authors and tags for pagination and every topic the blog covers", () => {
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
    expect(post.slug, "the slug field names the folder").toBe(slug);
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

  it("fills two listing pages (more than 12 listed posts, the featured one included)", () => {
    expect(
      listedPosts(posts.map((p) => ({ ...p, id: p.slug, tagKeys: p.tags }))).length,
    ).toBeGreaterThan(12);
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
  it.each(authors)("author %s is valid, and a photo it names exists", (name) => {
    const author = parseContent(
      authorSchema,
      fillPlaceholders(parse(readFileSync(path.join(root, "authors", `${name}.yml`), "utf8"))),
      name,
    );
    if (author.photo) expect(existsSync(path.join(root, "authors", author.photo))).toBe(true);
  });
  it("has authors with a photo, written both as the CMS writes it and with ./", () => {
    const photos = authors
      .map((name) => parse(readFileSync(path.join(root, "authors", `${name}.yml`), "utf8")))
      .map((author: { photo?: string }) => author.photo)
      .filter((photo): photo is string => typeof photo === "string");
    expect(photos.length).toBeGreaterThanOrEqual(2);
    expect(photos.some((p) => p.startsWith("./"))).toBe(true);
    expect(photos.some((p) => !p.startsWith("./"))).toBe(true);
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
    for (const s of stories) {
      const story = parseContent(
        caseStudyFrontmatterSchema,
        frontmatter(path.join(root, "case-studies", `${s}.md`)).data,
        s,
      );
      checkEntrySlug(s, story, s);
    }
    for (const w of webinars) {
      const webinar = parseContent(
        webinarFrontmatterSchema,
        frontmatter(path.join(root, "webinars", `${w}.md`)).data,
        w,
      );
      checkEntrySlug(w, webinar, w);
    }
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
