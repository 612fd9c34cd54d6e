/** Template for /blog/<slug>/: query the post, its related posts and translations; map them to the post view. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { hasTwin, twinPathOf } from "../data/markdownTwins";
import { seoTitleOf } from "../data/seo";
import { socialImageOf } from "../data/socialCard";
import { site } from "../config/site";
import {
  blogCrumbs,
  imageOf,
  languageNames,
  postCta,
  postMeta,
  textFor,
  toAuthorCard,
  toPostCard,
  tocOf,
} from "../views/blogView";
import { article, breadcrumbList } from "../data/structuredData";
import { BlogPostView } from "../views/BlogPostView";

type Data = Queries.BlogPostQuery;

interface Context {
  relatedIds: string[];
  alternates: Array<{ locale: string; path: string }>;
  /** This post's tags and authors that have a page (a tag or author with no listed post has none). */
  tagPages: string[];
  authorPages: string[];
}

type Post = NonNullable<Data["blogPost"]>;

/** The crumb trail through the post's first tag that has a page. */
const crumbsOf = (post: Post, ctx: Context) => {
  const tag = post.tags.find((t) => ctx.tagPages.includes(t.key));
  return blogCrumbs(post.locale, ...(tag ? [{ label: tag.label, href: tag.path }] : []), {
    label: post.title,
  });
};

const authorLink = (author: Post["authors"][number], ctx: Context) =>
  ctx.authorPages.includes(author.key) ? author.path : undefined;

export default function BlogPostTemplate({ data, pageContext }: PageProps<Data, Context>) {
  const post = data.blogPost;
  if (!post) return null;
  const text = textFor(post.locale);
  return (
    <BlogPostView
      crumbs={crumbsOf(post, pageContext)}
      title={post.title}
      description={post.description}
      meta={postMeta(post)}
      dateIso={post.date}
      tags={post.tags.map((t) => ({
        label: t.label,
        href: pageContext.tagPages.includes(t.key) ? t.path : undefined,
      }))}
      authors={post.authors.map((a) => ({ ...toAuthorCard(a), href: authorLink(a, pageContext) }))}
      hero={imageOf(post.hero, post.heroAlt)}
      html={post.html}
      toc={tocOf(post.headings)}
      related={[...data.related.nodes]
        .sort((a, b) => pageContext.relatedIds.indexOf(a.id) - pageContext.relatedIds.indexOf(b.id))
        .map(toPostCard)}
      cta={postCta(post.cta, post.locale)}
      translations={pageContext.alternates
        .filter((alt) => alt.path !== post.path)
        .map((alt) => ({
          href: alt.path,
          lang: alt.locale,
          label:
            alt.locale === "en"
              ? textFor("en").readIn
              : `${textFor(alt.locale).readIn} (${languageNames[alt.locale] ?? alt.locale})`,
        }))}
      text={text}
      twinPath={hasTwin(pageContext) ? twinPathOf(post.path) : null}
    />
  );
}

export function Head({ data, pageContext, location }: HeadProps<Data, Context>) {
  const post = data.blogPost;
  if (!post) return null;
  const image = post.hero?.childImageSharp?.gatsbyImageData.images.fallback?.src;
  const english = pageContext.alternates.find((alt) => alt.locale === "en");
  return (
    <Seo
      title={seoTitleOf("post", post)}
      description={post.description}
      pathname={location.pathname}
      markdownTwin={hasTwin(pageContext)}
      canonical={post.canonical ?? undefined}
      noindex={post.hidden}
      lang={post.locale}
      image={socialImageOf(post.path, post.socialImage)}
      type="article"
    >
      {pageContext.alternates.map((alt) => (
        <link
          key={alt.locale}
          rel="alternate"
          hrefLang={alt.locale}
          href={`${site.url}${alt.path}`}
        />
      ))}
      {english ? (
        <link rel="alternate" hrefLang="x-default" href={`${site.url}${english.path}`} />
      ) : null}
      <meta property="article:published_time" content={post.date} />
      <JsonLd
        data={[
          article(site.url, {
            headline: post.title,
            description: post.description,
            path: post.path,
            datePublished: post.date,
            dateModified: post.updated,
            authors: post.authors.map((a) => ({
              name: a.name,
              path: authorLink(a, pageContext),
            })),
            image,
            inLanguage: post.locale,
            publisherName: site.companyName,
          }),
          breadcrumbList(site.url, crumbsOf(post, pageContext), post.path),
        ]}
      />
    </Seo>
  );
}

export const query = graphql`
  query BlogPost($id: String!, $relatedIds: [String!]!) {
    blogPost(id: { eq: $id }) {
      path
      title
      seoTitle
      description
      socialImage
      date
      dateLabel
      updated
      timeToRead
      locale
      hidden
      canonical
      html
      headings {
        id
        value
        depth
      }
      heroAlt
      hero {
        childImageSharp {
          gatsbyImageData(width: 766, quality: 50, placeholder: BLURRED, formats: [AUTO, WEBP])
        }
      }
      tags {
        key
        label
        path
      }
      authors {
        ...AuthorFields
      }
      cta {
        title
        lead
        label
        href
      }
    }
    related: allBlogPost(filter: { id: { in: $relatedIds } }) {
      nodes {
        ...PostCard
      }
    }
  }
`;
