/** Template for /webinars/<slug>/: query the webinar and map it to the webinar view with its form slot. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { hasTwin } from "../data/markdownTwins";
import { seoTitleOf } from "../data/seo";
import { socialImageOf } from "../data/socialCard";
import { site } from "../config/site";
import { toWebinarView, webinarCrumbs } from "../views/blogView";
import { breadcrumbList } from "../data/structuredData";
import { WebinarView } from "../views/WebinarView";

type Data = Queries.WebinarQuery;

export default function WebinarTemplate({ data }: PageProps<Data>) {
  const webinar = data.webinar;
  if (!webinar) return null;
  return <WebinarView {...toWebinarView(webinar)} />;
}

export function Head({ data, location, pageContext }: HeadProps<Data>) {
  const webinar = data.webinar;
  if (!webinar) return null;
  return (
    <Seo
      title={seoTitleOf("webinar", webinar)}
      description={webinar.description}
      pathname={location.pathname}
      markdownTwin={hasTwin(pageContext)}
      image={socialImageOf(webinar.path, webinar.socialImage)}
    >
      <JsonLd data={breadcrumbList(site.url, webinarCrumbs(webinar.title), webinar.path)} />
    </Seo>
  );
}

export const query = graphql`
  query Webinar($id: String!) {
    webinar(id: { eq: $id }) {
      seoTitle
      socialImage
      path
      title
      description
      dateLabel
      timeLabel
      durationMinutes
      format
      hubspotFormId
      html
      speakers {
        name
        role
        company
      }
    }
  }
`;
