/**
 * /rss.xml: the newest listed posts, full content, absolute links. Only the posts the feed lists have their
 * body resolved: asking every post for its HTML costs seconds per thousand posts (each body is rendered
 * and sanitized by its resolver).
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { FEED_PATH, FEED_TITLE } from "../config/feed";
import { site } from "../config/site";
import { feedPosts, renderRss } from "../data/rss";
import { isPublished } from "../data/schedule";
import { buildTime } from "./buildClock";

type Graphql = Parameters<NonNullable<GatsbyNode["onPostBuild"]>>[0]["graphql"];

interface ListingResult {
  allBlogPost: {
    nodes: Array<{
      id: string;
      date: string;
      tagKeys: string[];
      draft: boolean;
      hidden: boolean;
      locale: string;
    }>;
  };
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
      authors: Array<{ name: string }>;
      tags: Array<{ label: string }>;
    }>;
  };
}

async function query<T>(graphql: Graphql, text: string, variables?: object): Promise<T> {
  const result = await graphql<T>(text, variables as Record<string, unknown> | undefined);
  if (result.errors || !result.data) {
    throw new Error(`Could not query posts for the RSS feed: ${JSON.stringify(result.errors)}`);
  }
  return result.data;
}

export async function writeFeed(graphql: Graphql, publicDir: string): Promise<void> {
  const all = await query<ListingResult>(
    graphql,
    `query BlogFeedListing {
      allBlogPost {
        nodes { id date tagKeys draft hidden locale }
      }
    }`,
  );
  const at = buildTime();
  const ids = feedPosts(all.allBlogPost.nodes.filter((post) => isPublished(post.date, at))).map(
    (post) => post.id,
  );
  const chosen = await query<FeedResult>(
    graphql,
    `query BlogFeed($ids: [String!]!) {
      allBlogPost(filter: { id: { in: $ids } }) {
        nodes { id title description path date html authors { name } tags { label } }
      }
    }`,
    { ids },
  );
  const byId = new Map(chosen.allBlogPost.nodes.map((post) => [post.id, post]));
  const posts = ids.flatMap((id) => byId.get(id) ?? []);
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
}
