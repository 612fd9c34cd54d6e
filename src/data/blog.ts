/** The blog's pure rules, safe for the browser bundle: paths, pagination, listing and related posts, dates. */

/** Posts per listing page. */
export const POSTS_PER_PAGE = 12;
/** Items in /rss.xml. */
export const FEED_SIZE = 20;
/** Related posts shown under a post. */
export const RELATED_COUNT = 3;

export const locales = ["en", "pt-BR"] as const;
export type Locale = (typeof locales)[number];

/** The URL suffix of each locale's translation: /blog/<slug>-br/. */
export const localeSuffix: Record<Locale, string> = { en: "", "pt-BR": "-br" };

/** Page n of a listing whose first page is `basePath` (a path ending in "/"): `${basePath}${n}/`. */
export function pagePath(basePath: string, page = 1): string {
  return page <= 1 ? basePath : `${basePath}${page}/`;
}

export const paths = {
  blog: (page = 1) => pagePath("/blog/", page),
  post: (postSlug: string) => `/blog/${postSlug}/`,
  tag: (key: string, page = 1) => pagePath(`/blog/tag/${key}/`, page),
  author: (key: string, page = 1) => pagePath(`/blog/author/${key}/`, page),
  authorTag: (author: string, tag: string, page = 1) =>
    pagePath(`/blog/author/${author}/${tag}/`, page),
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

/**
 * Splits `total` items into pages of `perPage`; there is always at least one (possibly empty) page.
 * `firstPage` items go on page 1 when it holds something else too (the blog index's featured post).
 */
export function paginate(
  total: number,
  perPage: number,
  pathFor: (page: number) => string,
  firstPage: number = perPage,
): PageSlice[] {
  if (!Number.isInteger(perPage) || perPage < 1)
    throw new Error("perPage must be a positive integer");
  if (!Number.isInteger(firstPage) || firstPage < 1 || firstPage > perPage)
    throw new Error("firstPage must be an integer from 1 to perPage");
  const rest = Math.max(0, total - firstPage);
  const numPages = 1 + Math.ceil(rest / perPage);
  return Array.from({ length: numPages }, (_, index) => ({
    page: index + 1,
    numPages,
    skip: index === 0 ? 0 : firstPage + (index - 1) * perPage,
    limit: index === 0 ? firstPage : perPage,
    path: pathFor(index + 1),
  }));
}

/** The page links a pager shows: every page when few, otherwise first, last and neighbours with gaps. */
export function pagerItems(current: number, numPages: number): Array<number | "gap"> {
  if (numPages <= 7) return Array.from({ length: numPages }, (_, i) => i + 1);
  const wanted = new Set(
    [1, numPages, current - 1, current, current + 1].filter((n) => n >= 1 && n <= numPages),
  );
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

const newestFirst = (a: ListablePost, b: ListablePost) =>
  b.date.localeCompare(a.date) || a.id.localeCompare(b.id);

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
export function relatedPosts<T extends ListablePost>(
  post: ListablePost,
  posts: readonly T[],
  limit = RELATED_COUNT,
): T[] {
  return relatedPostsOf(posts, limit)(post);
}

/**
 * relatedPosts for many posts of one blog: the listed posts are sorted once, and the posts with the same tags
 * share one ranking, made in one pass over them and kept with one place more than `limit`, for the post that
 * asks when it is among them. A blog of thousands of posts asks once per post, and its posts share far fewer
 * sets of tags (ranking every post in its own pass took 3 to 7 s of a 5,000-post build).
 */
export function relatedPostsOf<T extends ListablePost>(
  posts: readonly T[],
  limit = RELATED_COUNT,
): (post: ListablePost) => T[] {
  const listed = listedPosts(posts);
  const keep = limit + 1;
  const rank = (tags: ReadonlySet<string>): T[] => {
    // Kept in rank order: most shared tags first, then newest (listed is newest first).
    const ranked: Array<{ other: T; shared: number }> = [];
    const fill: T[] = [];
    for (const other of listed) {
      const shared = other.tagKeys.filter((tag) => tags.has(tag)).length;
      if (shared === 0) {
        if (fill.length < keep) fill.push(other);
        continue;
      }
      const at = ranked.findIndex((entry) => entry.shared < shared);
      if (at < 0) {
        if (ranked.length < keep) ranked.push({ other, shared });
      } else {
        ranked.splice(at, 0, { other, shared });
        if (ranked.length > keep) ranked.pop();
      }
    }
    return [...ranked.map((entry) => entry.other), ...fill];
  };
  const rankings = new Map<string, T[]>();
  return (post) => {
    const tags = new Set(post.tagKeys);
    const key = [...tags].sort().join("\n");
    let ranking = rankings.get(key);
    if (!ranking) {
      ranking = rank(tags);
      rankings.set(key, ranking);
    }
    return ranking.filter((other) => other.id !== post.id).slice(0, limit);
  };
}
