/** Author and tag page previews: the site's listing view with the first page of posts these rules list. */
import * as React from "react";
import type { EntryCardProps } from "../components/EntryCard";
import { listedPosts, paths, POSTS_PER_PAGE, type ListablePost } from "../data/blog";
import { blogCrumbs, postCta } from "../views/blogView";

import { ListingView } from "../views/ListingView";

import {
  assetUrl,
  type Data,
  dataOf,
  plain,
  type PreviewProps,
  related,
  slugOf,
  summaryCard,
  text,
  useCollection,
  usePublishedPosts,
} from "./previewData";
import { listableSummary, type PostSummary } from "./postSummaries";
import { SiteFrame } from "./SiteFrame";

function firstPage(
  posts: PostSummary[],
  keep: (post: ListablePost) => boolean,
  authorOf: (key: string) => Data | undefined,
  tagOf: (key: string) => Data | undefined,
): EntryCardProps[] {
  return listedPosts(posts.map(listableSummary))
    .filter(keep)
    .slice(0, POSTS_PER_PAGE)
    .map((post) => posts.find((summary) => summary.slug === post.id))
    .filter((summary): summary is PostSummary => summary !== undefined)
    .map((summary) => summaryCard(summary, authorOf, tagOf));
}

export function AuthorPreview(props: PreviewProps) {
  const data = dataOf(props);
  const key = slugOf(props, data);
  const posts = usePublishedPosts(props);
  const authors = useCollection(props, "authors");
  const tags = useCollection(props, "tags");
  const authorOf = related(props, null, "authors", authors);
  const tagOf = related(props, null, "tags", tags);
  const name = text(data["name"]) || "New author";
  const photoSrc = assetUrl(props, data["photo"]);
  const ownPosts = (post: ListablePost) =>
    posts.find((summary) => summary.slug === post.id)?.authors.includes(key) ?? false;
  const ownTags = [
    ...new Set(
      listedPosts(posts.map(listableSummary))
        .filter(ownPosts)
        .flatMap((p) => p.tagKeys),
    ),
  ].sort();
  return (
    <SiteFrame document={props.document}>
      <ListingView
        crumbs={blogCrumbs("en", { label: name })}
        eyebrow="Author"
        title={`Articles by ${name}`}
        author={{
          name,
          role: text(data["role"]),
          href: paths.author(key),
          bio: text(data["bio"]),
          links: plain<Array<{ label: string; url: string }>>(data["links"], []),
          photo: photoSrc
            ? { src: photoSrc, width: 112, height: 112, sources: [], alt: name }
            : undefined,
        }}
        entries={firstPage(posts, ownPosts, authorOf, tagOf)}
        listTitle="Articles"
        emptyText="No articles here yet."
        topics={{
          title: "Topics",
          links: ownTags.map((tag) => ({
            label: text(tagOf(tag)?.["label"]) || tag,
            href: paths.authorTag(key, tag),
          })),
        }}
        cta={postCta(null, "en")}
      />
    </SiteFrame>
  );
}

export function TagPreview(props: PreviewProps) {
  const data = dataOf(props);
  const key = slugOf(props, data);
  const posts = usePublishedPosts(props);
  const authorOf = related(props, null, "authors", useCollection(props, "authors"));
  const tagOf = (tag: string) => (tag === key ? data : undefined);
  const label = text(data["label"]) || "New tag";
  return (
    <SiteFrame document={props.document}>
      <ListingView
        crumbs={blogCrumbs("en", { label })}
        eyebrow="Topic"
        title={label}
        lead={text(data["description"])}
        entries={firstPage(posts, (post) => post.tagKeys.includes(key), authorOf, tagOf)}
        listTitle="Articles"
        emptyText="No articles here yet."
        cta={postCta(null, "en")}
      />
    </SiteFrame>
  );
}
