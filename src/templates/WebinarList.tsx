/** Template for /webinars/: every published webinar, newest first. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { hasTwin } from "../data/markdownTwins";
import { site } from "../config/site";
import { postCta, webinarMeta } from "../views/blogView";
import { breadcrumbList } from "../data/structuredData";
import { ListingView } from "../views/ListingView";

type Data = Queries.WebinarListQuery;

const title = "Webinars";
const description =
  "Live and recorded sessions with fraud analysts and engineers: device intelligence, bot detection, account security and fraud operations in practice.";
const crumbs = [{ label: "Home", href: "/" }, { label: title }];

export default function WebinarListTemplate({ data }: PageProps<Data>) {
  return (
    <ListingView
      crumbs={crumbs}
      eyebrow="Learn with us"
      title={title}
      lead={description}
      entries={data.allWebinar.nodes.map((webinar) => ({
        href: webinar.path,
        title: webinar.title,
        description: webinar.description,
        label: webinar.format === "live" ? "Live" : "On demand",
        meta: webinarMeta(webinar),
      }))}
      listTitle="All webinars"
      emptyText="New sessions are announced here first."
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
      <JsonLd data={breadcrumbList(site.url, crumbs, "/webinars/")} />
    </Seo>
  );
}

export const query = graphql`
  query WebinarList($ids: [String!]!) {
    allWebinar(filter: { id: { in: $ids } }, sort: { date: DESC }) {
      nodes {
        path
        title
        description
        dateLabel
        timeLabel
        durationMinutes
        format
      }
    }
  }
`;
