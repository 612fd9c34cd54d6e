/** Template for /case-studies/: every published customer story, newest first. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { hasTwin } from "../data/markdownTwins";
import { site } from "../config/site";
import { postCta } from "../views/blogView";
import { breadcrumbList } from "../data/structuredData";
import { ListingView } from "../views/ListingView";

type Data = Queries.CaseStudyListQuery;

const title = "Case studies";
const description = `How fraud, risk and growth teams use ${site.productName} to stop account takeover, payment fraud and promotion abuse while keeping sign-in and checkout smooth.`;
const crumbs = [{ label: "Home", href: "/" }, { label: title }];

export default function CaseStudyListTemplate({ data }: PageProps<Data>) {
  return (
    <ListingView
      crumbs={crumbs}
      eyebrow="Customer stories"
      title={title}
      lead={description}
      entries={data.allCaseStudy.nodes.map((story) => ({
        href: story.path,
        title: story.title,
        description: story.description,
        label: `${story.industry} · ${story.customer}`,
        meta: story.highlights
          .slice(0, 2)
          .map((h) => `${h.value} ${h.label}`)
          .join(" · "),
      }))}
      listTitle="All customer stories"
      emptyText="Customer stories are on their way."
      cta={postCta(null, "en")}
    />
  );
}

export function Head({ location, pageContext }: HeadProps<Data>) {
  return (
    <Seo
      title={title}
      description={description}
      pathname={location.pathname}
      markdownTwin={hasTwin(pageContext)}
    >
      <JsonLd data={breadcrumbList(site.url, crumbs, "/case-studies/")} />
    </Seo>
  );
}

export const query = graphql`
  query CaseStudyList($ids: [String!]!) {
    allCaseStudy(filter: { id: { in: $ids } }, sort: { date: DESC }) {
      nodes {
        path
        title
        description
        customer
        industry
        highlights {
          value
          label
        }
      }
    }
  }
`;
