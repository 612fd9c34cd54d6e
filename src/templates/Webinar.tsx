/** Template for /webinars/<slug>/: query the webinar and map it to the webinar view with its form slot. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Seo } from "../components/Seo";
import { site } from "../config/site";
import { paths } from "../data/blog";
import { webinarMeta } from "../data/blogView";
import { breadcrumbList, jsonLd } from "../data/structuredData";
import { WebinarView } from "../views/WebinarView";

type Data = Queries.WebinarQuery;

const crumbsOf = (title: string) => [
  { label: "Home", href: "/" },
  { label: "Webinars", href: paths.webinars() },
  { label: title },
];

export default function WebinarTemplate({ data }: PageProps<Data>) {
  const webinar = data.webinar;
  if (!webinar) return null;
  const live = webinar.format === "live";
  return (
    <WebinarView
      crumbs={crumbsOf(webinar.title)}
      eyebrow={live ? "Live webinar" : "On-demand webinar"}
      title={webinar.title}
      description={webinar.description}
      meta={webinarMeta(webinar)}
      speakers={webinar.speakers.map((s) => ({
        name: s.name,
        role: s.role,
        company: s.company ?? undefined,
      }))}
      html={webinar.html}
      hubspotFormId={webinar.hubspotFormId}
      form={{
        type: "FormSection",
        id: "register",
        eyebrow: live ? "Save your seat" : "Watch the recording",
        title: live ? "Register for the webinar" : "Get the recording",
        lead: live
          ? "We will email you a calendar invitation and the recording afterwards."
          : "We will email you the recording and the slides.",
        form: "WebinarForm",
        points: [],
      }}
    />
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const webinar = data.webinar;
  if (!webinar) return null;
  return (
    <Seo
      title={`${webinar.title} (webinar)`}
      description={webinar.description}
      pathname={location.pathname}
    >
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: jsonLd(breadcrumbList(site.url, crumbsOf(webinar.title), webinar.path)),
        }}
      />
    </Seo>
  );
}

export const query = graphql`
  query Webinar($id: String!) {
    webinar(id: { eq: $id }) {
      path
      title
      description
      date
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
