/** Sitemap rules: which built pages are listed (never error pages, noindex pages or variants). */

export interface SitemapPage {
  path: string;
  pageContext?: { excludeFromSitemap?: boolean | null } | null;
}

const neverListed = [/^\/404/, /^\/500(\/|\.html)?$/, /^\/dev-404-page/, /^\/admin\//];

export function includeInSitemap(page: SitemapPage): boolean {
  if (neverListed.some((pattern) => pattern.test(page.path))) return false;
  return page.pageContext?.excludeFromSitemap !== true;
}
