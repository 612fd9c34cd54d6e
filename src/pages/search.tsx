/** The site search's results page, `/search/?q=`: a link can point to a search; without JavaScript it lists the site's sections. */
import * as React from "react";
import type { HeadProps, PageProps } from "gatsby";
import { PageHeader } from "../components/PageHeader";
import { Seo } from "../components/Seo";
import { SearchResults } from "../sections/SearchResults";
import { SiteSections } from "../sections/SiteSections";

export default function SearchPage({ location }: PageProps) {
  return (
    <>
      <PageHeader
        crumbs={[{ label: "Home", href: "/" }, { label: "Search" }]}
        title="Search"
        lead="Pages, blog posts, case studies and webinars."
      />
      <SearchResults search={location.search} />
      <SiteSections title="Browse the site by section" />
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Search"
      description="Search the site's pages, blog posts, case studies and webinars."
      pathname={location.pathname}
      noindex
    />
  );
}
