/** The blog's content contract and its pure rules: frontmatter schemas, paths, pagination, related posts. */
import { z } from "zod";
import { slug } from "../config/site";

/** Posts per listing page (SPEC §2). */
export const POSTS_PER_PAGE = 12;
/** Items in /rss.xml. */
export const FEED_SIZE = 20;
/** Related posts shown under a post. */
export const RELATED_COUNT = 3;

export const locales = ["en", "pt-BR"] as const;
export type Locale = (typeof locales)[number];

/** Path segments a post slug may not take, because listing routes live beside posts. */
const reservedSlugs = new Set(["tag", "author", "page", "rss", "feed"]);

/** A lowercase-hyphen key (a file or folder name), exactly what slug() would make of it. */
export const keySchema = z
  .string()
  .min(1)
  .max(80)
  .refine((value) => slug(value) === value, { message: "must be lowercase-hyphen (what slug() produces)" });

const text = (max: number) => z.string().trim().min(1).max(max);

/** YAML dates arrive as Date objects or strings; both become an ISO date-time string. */
const dateSchema = z
  .union([z.date(), z.string()])
  .transform((value, ctx) => {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: `not a date: ${String(value)}` });
      return z.NEVER;
    }
    return date.toISOString();
  });

const relativeFile = z
  .string()
  .regex(/^\.\/[\w./-]+\.(png|jpe?g|webp|avif)$/i, "must be a local image path like ./hero.png");

const sitePathOrUrl = z.string().refine((value) => value.startsWith("/") || /^https:\/\//.test(value), {
  message: "must be a site path (/...) or an https:// URL",
});

const ctaSchema = z.strictObject({
  title: text(120),
  lead: text(300).optional(),
  label: text(40),
  href: sitePathOrUrl,
});

export const postFrontmatterSchema = z
  .strictObject({
    title: text(110),
    description: text(180).refine((value) => value.length >= 50, { message: "write at least 50 characters" }),
    date: dateSchema,
    updated: dateSchema.optional(),
    authors: z.array(keySchema).min(1).max(4),
    tags: z.array(keySchema).min(1).max(6),
    hero: relativeFile.optional(),
    heroAlt: text(200).optional(),
    featured: z.boolean().default(false),
    /** Drafts produce no page at all. */
    draft: z.boolean().default(false),
    /** Hidden posts get a page with noindex but stay out of lists, feeds and the sitemap. */
    hidden: z.boolean().default(false),
    canonical: sitePathOrUrl.optional(),
    locale: z.enum(locales).default("en"),
    /** Slug of the post this one translates; the translation lives at /blog/<that slug>-<suffix>/. */
    translationOf: keySchema.optional(),
    cta: ctaSchema.optional(),
  })
  .refine((post) => (post.hero === undefined) === (post.heroAlt === undefined), {
    message: "hero and heroAlt go together (every image needs its alternative text)",
    path: ["heroAlt"],
  })
  .refine((post) => (post.locale === "en") === (post.translationOf === undefined), {
    message: "a post in another locale must name the post it translates (translationOf), and only such a post",
    path: ["translationOf"],
  });

export const authorSchema = z.strictObject({
  name: text(80),
  role: text(100),
  bio: text(500),
  photo: relativeFile.optional(),
  links: z.array(z.strictObject({ label: text(40), url: z.url({ protocol: /^https$/ }) })).max(5).default([]),
});

export const tagSchema = z.strictObject({
  label: text(40),
  description: text(300).refine((value) => value.length >= 50, { message: "write at least 50 characters" }),
});

export const caseStudyFrontmatterSchema = z.strictObject({
  title: text(110),
  description: text(180),
  date: dateSchema,
  customer: text(80),
  industry: text(60),
  /** Two to four headline results, e.g. { value: "82%", label: "fewer chargebacks" }. */
  highlights: z.array(z.strictObject({ value: text(16), label: text(80) })).min(2).max(4),
  quote: z.strictObject({ text: text(400), author: text(80), role: text(100) }).optional(),
  draft: z.boolean().default(false),
});

export const webinarFrontmatterSchema = z.strictObject({
  title: text(110),
  description: text(180),
  date: dateSchema,
  durationMinutes: z.number().int().min(10).max(240),
  format: z.enum(["live", "on-demand"]),
  speakers: z.array(z.strictObject({ name: text(80), role: text(100), company: text(80).optional() })).min(1).max(6),
  /** The HubSpot form the registration slot submits to (filled in by the forms issue). */
  hubspotFormId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "must be a HubSpot form GUID"),
  draft: z.boolean().default(false),
});

export type PostFrontmatter = z.infer<typeof postFrontmatterSchema>;
export type AuthorContent = z.infer<typeof authorSchema>;
export type TagContent = z.infer<typeof tagSchema>;
export type CaseStudyFrontmatter = z.infer<typeof caseStudyFrontmatterSchema>;
export type WebinarFrontmatter = z.infer<typeof webinarFrontmatterSchema>;

/** Validates data against a schema; throws an Error naming the file and every problem. */
export function parseContent<S extends z.ZodType>(schema: S, data: unknown, source: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("\n");
  throw new Error(`Invalid content in ${source}:\n${problems}`);
}

/** The URL suffix of each locale's translation: /blog/<slug>-br/. */
export const localeSuffix: Record<Locale, string> = { en: "", "pt-BR": "-br" };

/** Validates a post's slug (its folder name) against its frontmatter; throws naming the file. */
export function checkPostSlug(postSlug: string, post: Pick<PostFrontmatter, "locale" | "translationOf">, source: string): void {
  const problems: string[] = [];
  if (slug(postSlug) !== postSlug) problems.push(`folder name "${postSlug}" must be lowercase-hyphen`);
  if (reservedSlugs.has(postSlug) || /^\d+$/.test(postSlug)) problems.push(`"${postSlug}" is reserved for listing routes`);
  if (post.translationOf !== undefined && postSlug !== `${post.translationOf}${localeSuffix[post.locale]}`) {
    problems.push(`a ${post.locale} translation of "${post.translationOf}" must live in ${post.translationOf}${localeSuffix[post.locale]}/`);
  }
  if (problems.length > 0) throw new Error(`Invalid content in ${source}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
}

export const paths = {
  blog: (page = 1) => (page <= 1 ? "/blog/" : `/blog/${page}/`),
  post: (postSlug: string) => `/blog/${postSlug}/`,
  tag: (key: string, page = 1) => (page <= 1 ? `/blog/tag/${key}/` : `/blog/tag/${key}/${page}/`),
  author: (key: string) => `/blog/author/${key}/`,
  authorTag: (author: string, tag: string) => `/blog/author/${author}/${tag}/`,
  caseStudies: () => "/case-studies/",
  caseStudy: (key: string) => `/case-studies/${key}/`,
  webinars: () => "/webinars/",
  webinar: (key: string) => `/webinars/${key}/`,
} as const;

export interface PageSlice {
  /** 1-based page number. */
  page: number;
  numPages: number;
  skip: number;
  limit: number;
  path: string;
}

/** Splits `total` items into pages of `perPage`; there is always at least one (possibly empty) page. */
export function paginate(total: number, perPage: number, pathFor: (page: number) => string): PageSlice[] {
  if (!Number.isInteger(perPage) || perPage < 1) throw new Error("perPage must be a positive integer");
  const numPages = Math.max(1, Math.ceil(Math.max(0, total) / perPage));
  return Array.from({ length: numPages }, (_, index) => ({
    page: index + 1,
    numPages,
    skip: index * perPage,
    limit: perPage,
    path: pathFor(index + 1),
  }));
}

/** The page links a pager shows: every page when few, otherwise first, last and neighbours with gaps. */
export function pagerItems(current: number, numPages: number): Array<number | "gap"> {
  if (numPages <= 7) return Array.from({ length: numPages }, (_, i) => i + 1);
  const wanted = new Set([1, numPages, current - 1, current, current + 1].filter((n) => n >= 1 && n <= numPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) items.push("gap");
    items.push(n);
  });
  return items;
}

/** What the listing rules need to know about a post. */
export interface ListablePost {
  id: string;
  date: string;
  tagKeys: readonly string[];
  draft: boolean;
  hidden: boolean;
  locale: string;
  featured?: boolean;
}

/** Posts that appear in lists, feeds and related posts: published, not hidden, in the site's main locale. */
export function isListed(post: ListablePost): boolean {
  return !post.draft && !post.hidden && post.locale === "en";
}

const newestFirst = (a: ListablePost, b: ListablePost) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);

/** Listed posts, newest first. */
export function listedPosts<T extends ListablePost>(posts: readonly T[]): T[] {
  return posts.filter(isListed).sort(newestFirst);
}

/** The newest featured listed post, shown prominently on the first blog page. */
export function featuredPost<T extends ListablePost>(posts: readonly T[]): T | undefined {
  return listedPosts(posts).find((post) => post.featured);
}

/**
 * Related posts: listed posts sharing the most tags with this one (newest first among equals);
 * when fewer than `limit` share a tag, the newest other posts fill the remaining places.
 */
export function relatedPosts<T extends ListablePost>(post: ListablePost, posts: readonly T[], limit = RELATED_COUNT): T[] {
  const tags = new Set(post.tagKeys);
  const candidates = listedPosts(posts).filter((other) => other.id !== post.id);
  const shared = (other: T) => other.tagKeys.filter((tag) => tags.has(tag)).length;
  const ranked = candidates
    .filter((other) => shared(other) > 0)
    .sort((a, b) => shared(b) - shared(a) || newestFirst(a, b));
  const fill = candidates.filter((other) => shared(other) === 0);
  return [...ranked, ...fill].slice(0, limit);
}

/** A date in a fixed time zone and explicit locale, so the server and browser render the same text. */
export function formatDate(iso: string, locale: string = "en"): string {
  return new Intl.DateTimeFormat(locale === "pt-BR" ? "pt-BR" : "en-US", {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(iso));
}
