/** The not-found page; the server answers unknown paths with it and status 404. */
import * as React from "react";
import type { HeadProps } from "gatsby";
import { Seo } from "../components/Seo";
import { notFoundCopy, popularPages } from "../config/statusPages";
import { StatusPageView } from "../views/StatusPageView";

export default function NotFoundPage() {
  return <StatusPageView {...notFoundCopy} suggestions={popularPages} />;
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Page not found"
      description={notFoundCopy.body}
      pathname={location.pathname}
      noindex
    />
  );
}
