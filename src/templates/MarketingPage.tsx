/** Template for pages built from content/pages/*.yml: query the page, hand its sections to the view. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { SectionContent } from "../data/sectionSchemas";
import { Seo } from "../components/Seo";
import { AbVariants } from "../providers/experiments/AbVariants";
import type { ExperimentKey } from "../config/experiments";
import { MarketingPageView } from "../views/MarketingPageView";

type Data = Queries.MarketingPageQuery;

interface Context {
  experiment: ExperimentKey | null;
}

// GraphQL types JSON loosely; onCreateNode already validated these sections against the zod schema.
const sectionsOf = (page: { sections: unknown }) => page.sections as SectionContent[];

export default function MarketingPageTemplate({ data, pageContext }: PageProps<Data, Context>) {
  const { marketingPage: page, variant } = data;
  if (!page) return null;
  // Keyed by path: another page built from this template mounts afresh rather than updating this one's
  // sections, whose boundaries may not have hydrated yet (React 18 reports an update there as error 421).
  const control = <MarketingPageView key={page.path} sections={sectionsOf(page)} />;
  if (!variant || !pageContext.experiment) return control;
  return (
    <AbVariants
      experiment={pageContext.experiment}
      control={control}
      treatment={
        <MarketingPageView key={`${page.path}:treatment`} sections={sectionsOf(variant)} />
      }
    />
  );
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
  query MarketingPage($id: String!, $variantId: String) {
    marketingPage(id: { eq: $id }) {
      path
      title
      seoTitle
      description
      noindex
      canonical
      sections
    }
    variant: marketingPage(id: { eq: $variantId }) {
      sections
    }
  }
`;
