/** Plans the blog's listing pages (index, tags, authors, author-tags) and which tags and authors get a page at all. */
import {
  featuredPost,
  listedPosts,
  pagePath,
  paginate,
  paths,
  POSTS_PER_PAGE,
  type ListablePost,
} from "./blog";

export interface PlannablePost extends ListablePost {
  authorKeys: readonly string[];
}

/** The page context of a listing (src/templates/BlogList.tsx); "" stands for "no tag" / "no author". */
export interface ListingContext {
  ids: string[];
  featuredId: string;
  tagKey: string;
  authorKey: string;
  page: number;
  numPages: number;
  /** Path of page 1; page n is pagePath(basePath, n). */
  basePath: string;
  canonical: string | null;
  excludeFromSitemap: boolean;
  /** Tags offered as topic links. */
  topicKeys: string[];
}

export interface ListingPlan extends ListingContext {
  path: string;
}

export interface BlogPlan {
  listings: ListingPlan[];
  /** Tags and authors with at least one listed post: only they get pages, so only they may be linked. */
  tagsWithPages: ReadonlySet<string>;
  authorsWithPages: ReadonlySet<string>;
}

type Base = Omit<ListingContext, "ids" | "featuredId" | "page" | "numPages">;

/**
 * Every listing page of the blog, `perPage` posts on each: the index (its first page holds the featured
 * post and perPage - 1 others), one paginated listing per tag and per author, and per author and tag
 * (canonical to the author's page, out of the sitemap). Tags and authors without a listed post get none.
 */
export function planBlogListings(
  posts: readonly PlannablePost[],
  tagKeys: Iterable<string>,
  authorKeys: Iterable<string>,
  perPage: number = POSTS_PER_PAGE,
): BlogPlan {
  const listed = listedPosts(posts);
  const featured = featuredPost(posts);
  const listings: ListingPlan[] = [];

  const add = (items: readonly PlannablePost[], base: Base, lead?: PlannablePost) => {
    const rest = lead ? items.filter((p) => p.id !== lead.id) : items;
    const firstPage = lead ? Math.max(1, perPage - 1) : perPage;
    for (const slice of paginate(
      rest.length,
      perPage,
      (n) => pagePath(base.basePath, n),
      firstPage,
    )) {
      listings.push({
        ...base,
        path: slice.path,
        ids: rest.slice(slice.skip, slice.skip + slice.limit).map((p) => p.id),
        featuredId: lead && slice.page === 1 ? lead.id : "",
        page: slice.page,
        numPages: slice.numPages,
      });
    }
  };

  const tags = [...new Set(tagKeys)].sort();
  const tagsWithPages = new Set(tags.filter((tag) => listed.some((p) => p.tagKeys.includes(tag))));
  const authorsWithPages = new Set(
    [...new Set(authorKeys)].sort().filter((a) => listed.some((p) => p.authorKeys.includes(a))),
  );
  const none: Base = {
    tagKey: "",
    authorKey: "",
    basePath: paths.blog(),
    canonical: null,
    excludeFromSitemap: false,
    topicKeys: [...tagsWithPages],
  };

  add(listed, none, featured);
  for (const tag of tagsWithPages) {
    add(
      listed.filter((p) => p.tagKeys.includes(tag)),
      { ...none, tagKey: tag, basePath: paths.tag(tag) },
    );
  }
  for (const author of authorsWithPages) {
    const items = listed.filter((p) => p.authorKeys.includes(author));
    const authorTags = tags.filter((tag) => items.some((p) => p.tagKeys.includes(tag)));
    add(items, {
      ...none,
      authorKey: author,
      basePath: paths.author(author),
      topicKeys: authorTags,
    });
    for (const tag of authorTags) {
      add(
        items.filter((p) => p.tagKeys.includes(tag)),
        {
          tagKey: tag,
          authorKey: author,
          basePath: paths.authorTag(author, tag),
          // The same posts are on the author's page: that is the one to index.
          canonical: paths.author(author),
          excludeFromSitemap: true,
          topicKeys: authorTags,
        },
      );
    }
  }
  return { listings, tagsWithPages, authorsWithPages };
}
