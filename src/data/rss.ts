/** The blog's RSS 2.0 feed: which posts it carries (the newest listed ones) and the XML itself. */
import { FEED_SIZE, listedPosts, type ListablePost } from "./blog";

/** The feed's posts: listed ones only (no drafts, hidden posts or translations), newest first, at most `limit`. */
export function feedPosts<T extends ListablePost>(posts: readonly T[], limit = FEED_SIZE): T[] {
  return listedPosts(posts).slice(0, limit);
}

export interface FeedPost {
  title: string;
  description: string;
  path: string;
  date: string;
  html: string;
  authors: readonly string[];
  tags: readonly string[];
}

export interface FeedChannel {
  title: string;
  description: string;
  siteUrl: string;
  feedPath: string;
  language: string;
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** Makes site-relative href/src attributes absolute, since feed readers have no base URL. */
export function absolutiseHtml(html: string, siteUrl: string): string {
  return html
    .replace(/\b(href|src)="\/(?!\/)/g, `$1="${siteUrl}/`)
    .replace(
      /\bsrcset="([^"]*)"/g,
      (_, set: string) => `srcset="${set.replace(/(^|,\s*)\/(?!\/)/g, `$1${siteUrl}/`)}"`,
    );
}

/** CDATA cannot contain "]]>"; split it across two sections. */
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

export function renderRss(channel: FeedChannel, posts: readonly FeedPost[]): string {
  const items = posts.map((post) => {
    const url = `${channel.siteUrl}${post.path}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${new Date(post.date).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(post.description)}</description>`,
      ...post.authors.map((name) => `      <dc:creator>${escapeXml(name)}</dc:creator>`),
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <content:encoded>${cdata(absolutiseHtml(post.html, channel.siteUrl))}</content:encoded>`,
      "    </item>",
    ].join("\n");
  });
  const newest = posts[0]?.date;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(`${channel.siteUrl}/blog/`)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language)}</language>`,
    `    <atom:link href="${escapeXml(`${channel.siteUrl}${channel.feedPath}`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
