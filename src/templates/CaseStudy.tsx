/** Template for /case-studies/<slug>/: query the story and map it to the case-study view. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { hasTwin } from "../data/markdownTwins";
import { seoTitleOf } from "../data/seo";
import { socialImageOf } from "../data/socialCard";
import { site } from "../config/site";
import { paths } from "../data/blog";
import { breadcrumbList } from "../data/structuredData";
import { CaseStudyView } from "../views/CaseStudyView";

type Data = Queries.CaseStudyQuery;

const crumbsOf = (title: string) => [
  { label: "Home", href: "/" },
  { label: "Case studies", href: paths.caseStudies() },
  { label: title },
];

export default function CaseStudyTemplate({ data }: PageProps<Data>) {
  const story = data.caseStudy;
  if (!story) return null;
  return (
    <CaseStudyView
      crumbs={crumbsOf(story.customer)}
      title={story.title}
      description={story.description}
      customer={story.customer}
      industry={story.industry}
      highlights={story.highlights.map((h) => ({ value: h.value, label: h.label }))}
      quote={story.quote ?? undefined}
      html={story.html}
      cta={{
        type: "CtaBanner",
        title: `See what ${site.productName} finds in your traffic`,
        lead: "Talk to an engineer about your fraud patterns, or start a free trial and compare results yourself.",
        ctas: [
          { label: "Contact sales", href: "/contact-sales/" },
          { label: "Start free trial", href: site.external.signup },
        ],
      }}
    />
  );
}

export function Head({ data, location, pageContext }: HeadProps<Data>) {
  const story = data.caseStudy;
  if (!story) return null;
  return (
    <Seo
      title={seoTitleOf("caseStudy", story)}
      description={story.description}
      image={socialImageOf(story.path, story.socialImage)}
      pathname={location.pathname}
      markdownTwin={hasTwin(pageContext)}
      type="article"
    >
      <JsonLd data={breadcrumbList(site.url, crumbsOf(story.customer), story.path)} />
    </Seo>
  );
}

export const query = graphql`
  query CaseStudy($id: String!) {
    caseStudy(id: { eq: $id }) {
      path
      title
      description
      socialImage
      customer
      industry
      html
      highlights {
        value
        label
      }
      quote {
        text
        author
        role
      }
    }
  }
`;
