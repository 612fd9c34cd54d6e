/**
 * Sitemap rules: which built pages are listed (never error pages, noindex pages or variants), and each
 * page's `lastmod` where it is known: a post's own date (its `updated` date once it has one), and for a
 * page built from a content file the last commit that changed that file (and its A/B variant's).
 */

export interface SitemapPage {
  path: string;
  pageContext?: { excludeFromSitemap?: boolean | null } | null;
  lastmod?: string;
}

const neverListed = [
  /^\/404/,
  /^\/500(\/|\.html)?$/,
  /^\/dev-404-page/,
  /^\/admin\//,
  /^\/search\/$/,
];

export function includeInSitemap(page: SitemapPage): boolean {
  if (neverListed.some((pattern) => pattern.test(page.path))) return false;
  return page.pageContext?.excludeFromSitemap !== true;
}

/**
 * A page's context with `twin` set: a page has a Markdown twin (src/data/markdownTwins.ts) exactly when the sitemap
 * lists it, so no draft, scheduled, hidden, noindex or canonical-elsewhere page has one.
 */
export function withTwin<C extends object>(path: string, context: C): C & { twin: boolean } {
  const pageContext = context as SitemapPage["pageContext"];
  return { ...context, twin: includeInSitemap({ path, pageContext }) };
}

/** What the sitemap's query returns (gatsby-config.ts). */
export interface SitemapData {
  allSitePage: { nodes: SitemapPage[] };
  allBlogPost: { nodes: Array<{ path: string; date: string; updated: string | null }> };
  allMarketingPage: {
    nodes: Array<{ path: string; sourceFile: string; variantOf: string | null }>;
  };
  allCaseStudy: { nodes: Array<{ path: string; sourceFile: string }> };
  allWebinar: { nodes: Array<{ path: string; sourceFile: string }> };
}

/** The latest of the dates, or none when any of them is unknown. */
function latest(dates: Array<string | undefined>): string | undefined {
  if (dates.length === 0 || dates.some((date) => date === undefined)) return undefined;
  return (dates as string[]).reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
}

/**
 * The listed pages, each with its `lastmod` where known. `commitDates` maps a content file
 * (content/pages/home.yml) to its last commit's date (contentDates.ts).
 */
export function sitemapPages(
  data: SitemapData,
  commitDates: ReadonlyMap<string, string>,
): SitemapPage[] {
  const lastmod = new Map<string, string | undefined>();
  for (const post of data.allBlogPost.nodes) lastmod.set(post.path, post.updated ?? post.date);
  const filesOf = new Map<string, string[]>();
  const addFile = (pagePath: string, file: string) =>
    filesOf.set(pagePath, [...(filesOf.get(pagePath) ?? []), file]);
  for (const page of data.allMarketingPage.nodes) {
    addFile(page.path, page.sourceFile);
    // A variant served at its base page's path changes that page too.
    if (page.variantOf) addFile(page.variantOf, page.sourceFile);
  }
  for (const story of [...data.allCaseStudy.nodes, ...data.allWebinar.nodes])
    addFile(story.path, story.sourceFile);
  for (const [pagePath, files] of filesOf)
    if (!lastmod.has(pagePath)) lastmod.set(pagePath, latest(files.map((f) => commitDates.get(f))));

  return data.allSitePage.nodes.filter(includeInSitemap).map((page) => {
    const date = lastmod.get(page.path);
    return date ? { ...page, lastmod: date } : page;
  });
}
