/** The blog's content contract: zod schemas for every frontmatter and data file, checked at build time and read by the CMS admin to build its collections and field rules. */
import { z } from "zod";
import { slug } from "../config/site";
import { localeSuffix, locales } from "./blog";
import { parseSiteDate } from "./siteTime";

/** Path segments a post slug may not take, because listing routes live beside posts. */
export const reservedSlugs: ReadonlySet<string> = new Set(["tag", "author", "page", "rss", "feed"]);

/** A lowercase-hyphen key (a file or folder name), exactly what slug() would make of it. */
export const keySchema = z
  .string()
  .min(1)
  .max(80)
  .refine((value) => slug(value) === value, {
    message: "must be lowercase-hyphen (what slug() produces)",
  });

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * A date as content writes it, into an ISO instant: without a zone it is the site's wall clock
 * (src/data/siteTime.ts), so "2026-12-08 09:00" is nine in the morning in the site's time zone.
 */
const dateSchema = z.union([z.date(), z.string()]).transform((value, ctx) => {
  const date = parseSiteDate(value);
  if (!date) {
    ctx.addIssue({
      code: "custom",
      message: `not a date: ${String(value)} (write 2026-12-08 or 2026-12-08 09:00, in the site's time zone)`,
    });
    return z.NEVER;
  }
  return date.toISOString();
});

/**
 * An image stored beside the content file: `hero.png` (what the CMS writes, its public folder being "")
 * or `./hero.png`. No segment may start with a dot, so `..`, absolute paths and URLs are refused.
 */
export const localImagePattern =
  /^(?:\.\/)?(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:png|jpe?g|webp|avif)$/i;

const relativeFile = z
  .string()
  .regex(localImagePattern, "must be an image file beside this one, like hero.png or ./hero.png");

/** The entry's own key, written by the CMS: it names the file (or folder) when the entry is created. */
const slugField = keySchema;

const sitePathOrUrl = z
  .string()
  .refine((value) => value.startsWith("/") || /^https:\/\//.test(value), {
    message: "must be a site path (/...) or an https:// URL",
  });

const ctaSchema = z.strictObject({
  title: text(120),
  lead: text(300).optional(),
  label: text(40),
  href: sitePathOrUrl,
});

/** The image shared on social networks instead of the card the build draws. */
const socialImage = sitePathOrUrl.optional();
/** The title search results show when the headline is longer than they display (about 60 characters). */
const seoTitle = text(70).optional();

export const postFrontmatterSchema = z
  .strictObject({
    title: text(110),
    seoTitle,
    /** The post's folder name and address (/blog/<slug>/). */
    slug: slugField,
    description: text(180).refine((value) => value.length >= 50, {
      message: "write at least 50 characters",
    }),
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
    socialImage,
  })
  .refine((post) => post.hero === undefined || post.heroAlt !== undefined, {
    message: "a hero image needs its alternative text (heroAlt)",
    path: ["heroAlt"],
  })
  .refine((post) => post.heroAlt === undefined || post.hero !== undefined, {
    message: "heroAlt describes the hero image, but there is no hero",
    path: ["hero"],
  })
  .refine((post) => (post.locale === "en") === (post.translationOf === undefined), {
    message:
      "a post in another locale must name the post it translates (translationOf), and only such a post",
    path: ["translationOf"],
  });

export const authorSchema = z.strictObject({
  name: text(80),
  role: text(100),
  bio: text(500),
  photo: relativeFile.optional(),
  links: z
    .array(z.strictObject({ label: text(40), url: z.url({ protocol: /^https$/ }) }))
    .max(5)
    .default([]),
});

export const tagSchema = z.strictObject({
  label: text(40),
  description: text(300).refine((value) => value.length >= 50, {
    message: "write at least 50 characters",
  }),
});

export const caseStudyFrontmatterSchema = z.strictObject({
  title: text(110),
  /** The file name and address (/case-studies/<slug>/). */
  slug: slugField,
  description: text(180),
  date: dateSchema,
  customer: text(80),
  industry: text(60),
  /** Two to four headline results, e.g. { value: "82%", label: "fewer chargebacks" }. */
  highlights: z
    .array(z.strictObject({ value: text(16), label: text(80) }))
    .min(2)
    .max(4),
  quote: z.strictObject({ text: text(400), author: text(80), role: text(100) }).optional(),
  socialImage,
  draft: z.boolean().default(false),
});

export const webinarFrontmatterSchema = z.strictObject({
  title: text(110),
  seoTitle,
  /** The file name and address (/webinars/<slug>/). */
  slug: slugField,
  description: text(180),
  date: dateSchema,
  durationMinutes: z.number().int().min(10).max(240),
  format: z.enum(["live", "on-demand"]),
  speakers: z
    .array(z.strictObject({ name: text(80), role: text(100), company: text(80).optional() }))
    .min(1)
    .max(6),
  /**
   * When the page goes live; absent, at once. The session's own date is often ahead (registration opens
   * before it), so a webinar is scheduled by this date, not by `date`.
   */
  publishDate: dateSchema.optional(),
  /** The HubSpot form the registration slot submits to (filled in by the forms issue). */
  hubspotFormId: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      "must be a HubSpot form GUID",
    ),
  socialImage,
  draft: z.boolean().default(false),
});

export type PostFrontmatter = z.infer<typeof postFrontmatterSchema>;
export type AuthorContent = z.infer<typeof authorSchema>;
export type TagContent = z.infer<typeof tagSchema>;
export type CaseStudyFrontmatter = z.infer<typeof caseStudyFrontmatterSchema>;
export type WebinarFrontmatter = z.infer<typeof webinarFrontmatterSchema>;

/** Validates data against a schema; throws an Error naming the file and every problem. */
export function parseContent<S extends z.ZodType>(
  schema: S,
  data: unknown,
  source: string,
): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("\n");
  throw new Error(`Invalid content in ${source}:\n${problems}`);
}

/** Validates a post's slug (its folder name) against its frontmatter; throws naming the file. */
export function checkPostSlug(
  postSlug: string,
  post: Pick<PostFrontmatter, "slug" | "locale" | "translationOf">,
  source: string,
): void {
  const problems: string[] = [];
  if (slug(postSlug) !== postSlug)
    problems.push(`folder name "${postSlug}" must be lowercase-hyphen`);
  const mismatch = slugMismatch(postSlug, post.slug, "folder");
  if (mismatch) problems.push(mismatch);
  if (reservedSlugs.has(postSlug) || /^\d+$/.test(postSlug))
    problems.push(`"${postSlug}" is reserved for listing routes`);
  if (
    post.translationOf !== undefined &&
    postSlug !== `${post.translationOf}${localeSuffix[post.locale]}`
  ) {
    problems.push(
      `a ${post.locale} translation of "${post.translationOf}" must live in ${post.translationOf}${localeSuffix[post.locale]}/`,
    );
  }
  if (problems.length > 0)
    throw new Error(`Invalid content in ${source}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
}

/**
 * The CMS names a file from its slug field when the entry is created and never renames it, so a slug
 * edited later no longer matches: say which way to fix it.
 */
function slugMismatch(key: string, slugValue: string, kind: "file" | "folder"): string | null {
  if (slugValue === key) return null;
  return `slug: "${slugValue}" does not match the ${kind} name "${key}" (the CMS names the ${kind} once, when the entry is created): set slug back to "${key}", or rename the ${kind} to "${slugValue}"`;
}

/** Validates a case study's or webinar's slug field against its file name; throws naming the file. */
export function checkEntrySlug(key: string, entry: { slug: string }, source: string): void {
  const mismatch = slugMismatch(key, entry.slug, "file");
  if (mismatch) throw new Error(`Invalid content in ${source}:\n  - ${mismatch}`);
}

/** A tag key made only of digits would collide with an author page number (/blog/author/<a>/2/). */
export function checkTagKey(key: string, source: string): void {
  if (/^\d+$/.test(key))
    throw new Error(
      `Invalid content in ${source}:\n  - tag "${key}" is only digits, which author pages use for page numbers; name the tag with a word`,
    );
}
