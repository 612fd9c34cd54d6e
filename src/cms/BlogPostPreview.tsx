/** The blog post preview: the site's post view with its authors, tags, hero, table of contents and related posts. */
import * as React from "react";

import { paths, relatedPosts, type ListablePost } from "../data/blog";
import { blogCrumbs, languageNames, postCta, postMeta, textFor } from "../views/blogView";
import { dateLabel } from "../data/dateLabels";
import { readingMinutes } from "../data/readingTime";
import type { PictureData } from "../data/images";
import { BlogPostView } from "../views/BlogPostView";

import {
  assetUrl,
  authorCard,
  ctaOf,
  dataOf,
  isoDate,
  list,
  listable,
  type PreviewProps,
  related,
  slugOf,
  summaryCard,
  text,
  useCollection,
  useImageSize,
  usePublishedPosts,
} from "./previewData";
import { listableSummary, type PostSummary } from "./postSummaries";
import { previewMarkdown } from "./previewMarkdown";
import { SiteFrame } from "./SiteFrame";
import { shareOf } from "./SharePreview";

export function BlogPostPreview(props: PreviewProps) {
  const data = dataOf(props);
  const posts = usePublishedPosts(props);
  const authorOf = related(props, "authors", "authors", useCollection(props, "authors"));
  const tagOf = related(props, "tags", "tags", useCollection(props, "tags"));
  const key = slugOf(props, data);
  const title = text(data["title"]) || "Untitled post";
  const locale = typeof data["locale"] === "string" ? data["locale"] : "en";
  const markdown = text(data["body"]);
  const body = previewMarkdown(markdown, locale);
  const dateIso = isoDate(data["date"]);
  const tags = list(data["tags"]).map((tag) => ({
    label: text(tagOf(tag)?.["label"]) || tag,
    href: paths.tag(tag),
  }));
  const heroSrc = assetUrl(props, data["hero"]);
  const heroSize = useImageSize(heroSrc, props.document.defaultView ?? undefined);
  // Until the file's own size is known, the 2:1 of the seed heroes.
  const hero: PictureData | undefined = heroSrc
    ? {
        src: heroSrc,
        sources: [],
        alt: text(data["heroAlt"]),
        ...(heroSize ?? { width: 1200, height: 600 }),
      }
    : undefined;
  const current: ListablePost = { ...listable({ slug: key || "(new)", data }), date: dateIso };
  const others = posts.filter((post) => post.slug !== key);
  const original = typeof data["translationOf"] === "string" ? data["translationOf"] : key;
  const family = [
    ...posts.filter((post) => post.slug === original),
    ...posts.filter((post) => post.translationOf === original),
  ].filter((post) => post.slug !== key);
  const authorNames = list(data["authors"]).map((a) => text(authorOf(a)?.["name"]) || a);
  return (
    <SiteFrame
      document={props.document}
      share={shareOf(
        "post",
        data,
        paths.post(key || "new-post"),
        ["Blog", ...authorNames].join(" · "),
      )}
    >
      <BlogPostView
        crumbs={blogCrumbs(locale, ...(tags[0] ? [tags[0]] : []), { label: title })}
        title={title}
        description={text(data["description"])}
        meta={postMeta({
          dateLabel: dateLabel(dateIso, locale),
          timeToRead: readingMinutes(markdown),
          locale,
        })}
        dateIso={dateIso}
        tags={tags}
        authors={list(data["authors"]).map((author) => authorCard(author, authorOf(author)))}
        hero={hero}
        html={body.html}
        toc={body.toc}
        related={
          locale === "en"
            ? relatedPosts(current, others.map(listableSummary))
                .map((post) => others.find((other) => other.slug === post.id))
                .filter((other): other is PostSummary => other !== undefined)
                .map((other) => summaryCard(other, authorOf, tagOf))
            : []
        }
        cta={postCta(ctaOf(data), locale)}
        translations={family.map((post) => {
          const other = post.locale;
          return {
            href: paths.post(post.slug),
            lang: other,
            label:
              other === "en"
                ? textFor("en").readIn
                : `${textFor(other).readIn} (${languageNames[other] ?? other})`,
          };
        })}
        text={textFor(locale)}
      />
    </SiteFrame>
  );
}

/** Listed posts matching `keep`, newest first, as the first page of the site's listing shows them. */
