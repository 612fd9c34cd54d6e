/** Template for pages built from content/pages/*.yml: query the page, hand its sections to the view. */
import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { SectionContent } from "../data/sectionSchemas";
import { Seo } from "../components/Seo";
import { hasTwin, twinPathOf } from "../data/markdownTwins";
import { socialImageOf } from "../data/socialCard";
import { AbVariants } from "../providers/experiments/AbVariants";
import type { ExperimentKey } from "../config/experiments";
import { Hero } from "../sections/Hero";
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
  const twinPath = page.copyPage && hasTwin(pageContext) ? twinPathOf(page.path) : null;
  // Keyed by path: another page built from this template mounts afresh rather than updating this one's
  // sections, whose boundaries may not have hydrated yet (React 18 reports an update there as error 421).
  const control = (
    <MarketingPageView key={page.path} sections={sectionsOf(page)} twinPath={twinPath} />
  );
  if (!variant || !pageContext.experiment) return control;
  const experiment = pageContext.experiment;
  const [hero, ...rest] = sectionsOf(page);
  const [variantHero, ...variantRest] = sectionsOf(variant);
  // Both variants open with a hero (createPages checks): it is shared, so the page has one <h1>, and
  // each of its parts shows the assigned variant's copy; the sections below are the variants'.
  if (hero?.type !== "Hero" || variantHero?.type !== "Hero") return control;
  return (
    <React.Fragment key={page.path}>
      <Hero {...hero} alternative={{ experiment, hero: variantHero }} />
      <AbVariants
        experiment={experiment}
        control={<MarketingPageView sections={rest} after={1} />}
        treatment={<MarketingPageView sections={variantRest} after={1} />}
      />
    </React.Fragment>
  );
}

export function Head({ data, location, pageContext }: HeadProps<Data>) {
  const page = data.marketingPage;
  const isHome = page?.path === "/";
  return (
    <Seo
      title={isHome ? undefined : (page?.seoTitle ?? page?.title ?? undefined)}
      description={page?.description}
      pathname={location.pathname}
      markdownTwin={hasTwin(pageContext)}
      noindex={page?.noindex ?? false}
      canonical={page?.canonical ?? undefined}
      {...(page ? { image: socialImageOf(page.path, page.socialImage) } : {})}
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
      socialImage
      noindex
      copyPage
      canonical
      sections
    }
    variant: marketingPage(id: { eq: $variantId }) {
      sections
    }
  }
`;
