/** Template for every blog listing: the index (/blog/, /blog/2/…), tag, author and author-tag pages. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { hasTwin } from "../data/markdownTwins";
import { site } from "../config/site";
import { paths } from "../data/blog";
import { blogCrumbs, postCta, toAuthorCard, toPostCard } from "../views/blogView";
import { breadcrumbList, type Crumb } from "../data/structuredData";
import { ListingView, type ListingViewProps } from "../views/ListingView";

type Data = Queries.BlogListQuery;

interface Context {
  page: number;
  numPages: number;
  basePath: string;
  canonical: string | null;
  /** Tags to offer as topic links (on author pages: the author's own tags, linking to author-tag pages). */
  topicKeys: string[];
}

const pageNote = (ctx: Context) => (ctx.page > 1 ? ` (page ${ctx.page} of ${ctx.numPages})` : "");

/** Title, description and crumbs of a listing, from which kind of listing it is. */
function describe(
  data: Data,
  ctx: Context,
): { title: string; description: string; eyebrow?: string; crumbs: Crumb[] } {
  const { tag, author } = data;
  const note = pageNote(ctx);
  if (author && tag) {
    return {
      title: `${tag.label} articles by ${author.name}${note}`,
      description: `${tag.label} articles written by ${author.name}, ${author.role}.${note}`,
      eyebrow: tag.label,
      crumbs: blogCrumbs("en", { label: author.name, href: author.path }, { label: tag.label }),
    };
  }
  if (author) {
    return {
      title: `Articles by ${author.name}${note}`,
      description:
        `${author.name}, ${author.role}: ${author.bio}`.slice(0, 300 - note.length) + note,
      eyebrow: "Author",
      crumbs:
        ctx.page > 1
          ? blogCrumbs(
              "en",
              { label: author.name, href: author.path },
              { label: `Page ${ctx.page}` },
            )
          : blogCrumbs("en", { label: author.name }),
    };
  }
  if (tag) {
    return {
      title: `${tag.label}${note}`,
      description: `${tag.description}${note}`,
      eyebrow: "Topic",
      crumbs: blogCrumbs("en", { label: tag.label }),
    };
  }
  return {
    title: `Blog${note}`,
    description: `Fraud research, engineering notes, tutorials and guides on device intelligence, bot detection and account security from the ${site.productName} team.${note}`,
    eyebrow: "Blog",
    crumbs:
      ctx.page > 1
        ? blogCrumbs("en", { label: `Page ${ctx.page}` })
        : [{ label: "Home", href: "/" }, { label: "Blog" }],
  };
}

export default function BlogListTemplate({ data, pageContext }: PageProps<Data, Context>) {
  const { title, description, eyebrow, crumbs } = describe(data, pageContext);
  const props: ListingViewProps = {
    crumbs,
    eyebrow,
    title,
    lead: data.author ? undefined : description,
    author: data.author ? toAuthorCard(data.author, true) : undefined,
    featured: data.featured ? toPostCard(data.featured) : undefined,
    entries: data.posts.nodes.map(toPostCard),
    listTitle: data.featured ? "Latest articles" : "Articles",
    emptyText: "No articles here yet.",
    pagination: {
      page: pageContext.page,
      numPages: pageContext.numPages,
      basePath: pageContext.basePath,
    },
    topics: {
      title: "Topics",
      links: data.allTag.nodes
        .filter((t) => pageContext.topicKeys.includes(t.key))
        .map((t) => ({
          label: t.label,
          href: data.author ? paths.authorTag(data.author.key, t.key) : t.path,
          current: t.key === data.tag?.key,
        })),
    },
    cta: postCta(null, "en"),
    newsletter: !data.author && !data.tag,
  };
  return <ListingView {...props} />;
}

export function Head({ data, pageContext, location }: HeadProps<Data, Context>) {
  const { title, description, crumbs } = describe(data, pageContext);
  return (
    <Seo
      title={title}
      description={description}
      pathname={location.pathname}
      markdownTwin={hasTwin(pageContext)}
      canonical={pageContext.canonical ?? undefined}
    >
      <JsonLd data={breadcrumbList(site.url, crumbs, location.pathname)} />
    </Seo>
  );
}

export const query = graphql`
  query BlogList($ids: [String!]!, $featuredId: String!, $tagKey: String!, $authorKey: String!) {
    posts: allBlogPost(filter: { id: { in: $ids } }, sort: { date: DESC }) {
      nodes {
        ...PostCard
      }
    }
    featured: blogPost(id: { eq: $featuredId }) {
      ...PostCard
    }
    tag(key: { eq: $tagKey }) {
      key
      label
      description
      path
    }
    author(key: { eq: $authorKey }) {
      ...AuthorFields
    }
    allTag(sort: { label: ASC }) {
      nodes {
        key
        label
        path
      }
    }
  }
`;
