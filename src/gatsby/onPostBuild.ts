/**
 * After the build: robots.txt and the blog's RSS feed (both follow the configured site URL), the pages
 * finished (NUL bytes removed, bundles moved after their first paint), then the security headers computed
 * from the built pages, then the .br/.gz siblings the local server sends.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { FEED_PATH, FEED_TITLE } from "../config/feed";
import { site } from "../config/site";
import { feedPosts, renderRss } from "../data/rss";
import { hostCompresses, precompressBuild } from "../server/precompress";
import { rewriteBuiltPages } from "./builtPages";
import { writeSecurityHeaders } from "./securityHeaders";

export function robotsTxt(siteUrl: string): string {
  return [
    "# Crawlers may read every public page; the CMS admin and the functions are not pages.",
    "User-agent: *",
    "Disallow: /admin/",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap-index.xml`,
    "",
  ].join("\n");
}

interface FeedResult {
  allBlogPost: {
    nodes: Array<{
      id: string;
      title: string;
      description: string;
      path: string;
      date: string;
      html: string;
      tagKeys: string[];
      draft: boolean;
      hidden: boolean;
      locale: string;
      authors: Array<{ name: string }>;
      tags: Array<{ label: string }>;
    }>;
  };
}

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ store, graphql, reporter }) => {
  const { program } = store.getState() as { program: { directory: string } };
  const publicDir = path.join(program.directory, "public");
  await writeFile(path.join(publicDir, "robots.txt"), robotsTxt(site.url));

  const result = await graphql<FeedResult>(`
    query BlogFeed {
      allBlogPost(sort: { date: DESC }) {
        nodes {
          id
          title
          description
          path
          date
          html
          tagKeys
          draft
          hidden
          locale
          authors {
            name
          }
          tags {
            label
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query posts for the RSS feed", result.errors);
    return;
  }
  const posts = feedPosts(result.data.allBlogPost.nodes);
  const xml = renderRss(
    {
      title: FEED_TITLE,
      description:
        "Fraud research, engineering notes, tutorials and guides on device intelligence.",
      siteUrl: site.url,
      feedPath: FEED_PATH,
      language: "en",
    },
    posts.map((post) => ({
      title: post.title,
      description: post.description,
      path: post.path,
      date: post.date,
      html: post.html,
      authors: post.authors.map((a) => a.name),
      tags: post.tags.map((t) => t.label),
    })),
  );
  await writeFile(path.join(publicDir, FEED_PATH.slice(1)), xml);

  // Pages repaired and their bundles moved after the first paint; before the headers, which hash the loader.
  const rewritten = await rewriteBuiltPages(publicDir);
  reporter.info(
    `built pages: ${rewritten} finished (bundles after the first paint, NUL bytes removed)`,
  );

  // Last, so the pages are final; a page its own policy would break fails the build here.
  const headers = await writeSecurityHeaders(program.directory, publicDir);
  if (headers.problems.length > 0) {
    reporter.panicOnBuild(
      `Security headers: ${headers.problems.length} problem(s)\n${headers.problems.join("\n")}`,
    );
  }

  // After every other file is written, so each one gets its siblings.
  const host = hostCompresses();
  if (host) {
    reporter.info(`precompress: skipped, ${host} compresses at its edge`);
    return;
  }
  const packed = await precompressBuild(publicDir);
  if (packed) {
    reporter.info(
      `precompress: ${packed.files} files, ${packed.written} .br/.gz written, ` +
        `${(packed.bytesSaved / 1024 / 1024).toFixed(1)} MiB saved with brotli`,
    );
  }
};
