/**
 * The published posts as the previews need them (related posts, translations, an author's or a tag's first page):
 * a few fields a post, written by the build at /admin/previews/posts.json and fetched once per session, so that a
 * preview never loads the blog collection from GitHub to show one entry.
 */
import type { ListablePost } from "../data/blog";

export type PostSummary = {
  slug: string;
  title: string;
  description: string;
  /** ISO date-time. */
  date: string;
  tags: string[];
  authors: string[];
  locale: string;
  translationOf: string | null;
  hidden: boolean;
  featured: boolean;
  /** Reading time in minutes, as the post's page states it. */
  minutes: number;
};

/** Where the build writes the summaries, relative to the admin's page. */
export const POST_SUMMARIES_PATH = "previews/posts.json";

/** A summary as the listing rules see it (published, so never a draft). */
export const listableSummary = (post: PostSummary): ListablePost => ({
  id: post.slug,
  date: post.date,
  tagKeys: post.tags,
  draft: false,
  hidden: post.hidden,
  locale: post.locale,
  featured: post.featured,
});

function isSummary(value: unknown): value is PostSummary {
  const post = value as Partial<PostSummary> | null;
  return (
    typeof post === "object" &&
    post !== null &&
    typeof post.slug === "string" &&
    typeof post.title === "string" &&
    typeof post.date === "string" &&
    Array.isArray(post.tags) &&
    Array.isArray(post.authors)
  );
}

let loading: Promise<PostSummary[] | null> | null = null;

/**
 * The summaries, fetched once; null when the site has none (`gatsby develop` builds no admin data: the previews
 * then read the collection through the local backend, which costs GitHub nothing).
 */
export function loadPostSummaries(base: string = document.baseURI): Promise<PostSummary[] | null> {
  loading ??= fetch(new URL(POST_SUMMARIES_PATH, base))
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then((value) => (Array.isArray(value) ? value.filter(isSummary) : null))
    .catch(() => null);
  return loading;
}

/** Forgets the fetched summaries (tests). */
export function forgetPostSummaries(): void {
  loading = null;
}
