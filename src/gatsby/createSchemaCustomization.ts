/** Declares the content model up front so queries never depend on what happens to be in content/. */
import type { GatsbyNode } from "gatsby";

/** The type definitions (tests/unit/gatsby/schema.test.ts compares them with the zod content schemas). */
export const typeDefs = `
    type MarketingPage implements Node @dontInfer {
      path: String!
      title: String!
      seoTitle: String
      description: String!
      socialImage: String
      noindex: Boolean!
      copyPage: Boolean!
      canonical: String
      variantOf: String
      experiment: String
      template: String!
      sections: JSON!
      sourceFile: String!
    }

    """A heading of a post's body, for its table of contents (ids match the heading anchors)."""
    type BlogHeading {
      id: String
      value: String
      depth: Int
    }

    """A blog post: content/blog/<slug>/index.md. Body fields (html, headings) come from its MarkdownRemark parent; dateLabel from createResolvers; timeToRead from its markdown (src/data/readingTime.ts)."""
    type BlogPost implements Node @dontInfer {
      slug: String!
      path: String!
      title: String!
      seoTitle: String
      description: String!
      socialImage: String
      date: Date! @dateformat
      """The date as the post shows it, in its language (resolved at build time)."""
      dateLabel: String!
      updated: Date @dateformat
      authorKeys: [String!]!
      authors: [Author!]! @link(by: "key", from: "authorKeys")
      tagKeys: [String!]!
      tags: [Tag!]! @link(by: "key", from: "tagKeys")
      heroPath: String
      hero: File @link(by: "absolutePath", from: "heroPath")
      heroAlt: String
      featured: Boolean!
      draft: Boolean!
      hidden: Boolean!
      canonical: String
      locale: String!
      translationOf: String
      cta: BlogCta
      sourceFile: String!
      html: String!
      headings: [BlogHeading!]!
      timeToRead: Int!
    }

    type BlogCta {
      title: String!
      lead: String
      label: String!
      href: String!
    }

    """An author: content/authors/<key>.yml."""
    type Author implements Node @dontInfer {
      key: String!
      path: String!
      name: String!
      role: String!
      bio: String!
      photoPath: String
      photo: File @link(by: "absolutePath", from: "photoPath")
      links: [AuthorLink!]!
      sourceFile: String!
    }

    type AuthorLink {
      label: String!
      url: String!
    }

    """A tag: content/tags/<key>.yml."""
    type Tag implements Node @dontInfer {
      key: String!
      path: String!
      label: String!
      description: String!
      sourceFile: String!
    }

    """A customer story: content/case-studies/<slug>.md."""
    type CaseStudy implements Node @dontInfer {
      slug: String!
      path: String!
      title: String!
      description: String!
      date: Date! @dateformat
      customer: String!
      industry: String!
      highlights: [CaseStudyHighlight!]!
      quote: CaseStudyQuote
      socialImage: String
      draft: Boolean!
      sourceFile: String!
      html: String!
    }

    type CaseStudyHighlight {
      value: String!
      label: String!
    }

    type CaseStudyQuote {
      text: String!
      author: String!
      role: String!
    }

    """A webinar page: content/webinars/<slug>.md."""
    type Webinar implements Node @dontInfer {
      slug: String!
      path: String!
      title: String!
      seoTitle: String
      description: String!
      socialImage: String
      date: Date! @dateformat
      """The day and the time of day as the page shows them (resolved at build time)."""
      dateLabel: String!
      timeLabel: String!
      """When the page goes live (absent: at once); a later date keeps it out of the build until then."""
      publishDate: Date @dateformat
      durationMinutes: Int!
      format: String!
      speakers: [WebinarSpeaker!]!
      hubspotFormId: String!
      draft: Boolean!
      sourceFile: String!
      html: String!
    }

    """Header menus, footer columns and social links: content/settings/navigation.yml (one node)."""
    type Navigation implements Node @dontInfer {
      menus: [NavigationMenu!]!
      footerColumns: [NavigationColumn!]!
      socialLinks: [NavigationSocialLink!]!
      sourceFile: String!
    }

    type NavigationMenu {
      id: String!
      title: String!
      entries: [NavigationEntry!]!
      groups: [NavigationGroup!]
    }

    type NavigationGroup {
      title: String!
      entries: [NavigationEntry!]!
    }

    type NavigationColumn {
      title: String!
      entries: [NavigationLink!]!
    }

    """A menu entry; isLocal comes from the address."""
    type NavigationEntry {
      title: String!
      url: String!
      isLocal: Boolean!
      description: String
      icon: String
      useCasesLink: String
      badge: Int
    }

    type NavigationLink {
      title: String!
      url: String!
      isLocal: Boolean!
    }

    type NavigationSocialLink {
      title: String!
      url: String!
      isLocal: Boolean!
      icon: String
    }

    type WebinarSpeaker {
      name: String!
      role: String!
      company: String
    }
  `;

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefs);
};
