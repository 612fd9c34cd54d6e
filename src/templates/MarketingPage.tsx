/** Template for pages built from content/pages/*.yml: query the page, hand its sections to the view. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { SectionContent } from "../data/sections";
import { Seo } from "../components/Seo";
import { MarketingPageView } from "../views/MarketingPageView";

type Data = Queries.MarketingPageQuery;

export default function MarketingPageTemplate({ data }: PageProps<Data>) {
  const page = data.marketingPage;
  if (!page) return null;
  // GraphQL types JSON loosely; onCreateNode already validated these sections against the zod schema.
  return <MarketingPageView sections={page.sections as unknown as SectionContent[]} />;
}

export function Head({ data, location }: HeadProps<Data>) {
  const page = data.marketingPage;
  const isHome = page?.path === "/";
  return (
    <Seo
      title={isHome ? undefined : (page?.seoTitle ?? page?.title ?? undefined)}
      description={page?.description}
      pathname={location.pathname}
      noindex={page?.noindex ?? false}
      canonical={page?.canonical ?? undefined}
    />
  );
}

export const query = graphql`
  query MarketingPage($id: String!) {
    marketingPage(id: { eq: $id }) {
      path
      title
      seoTitle
      description
      noindex
      canonical
      sections
    }
  }
`;
