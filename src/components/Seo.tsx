/** Document head for every page through Gatsby's Head API: title, description, canonical, social cards, lang. */
import * as React from "react";
import { site } from "../config/site";
import { withTrailingSlash } from "../config/paths";
import { twinPathOf } from "../data/markdownTwins";

export interface SeoProps {
  /** Page title without the brand; omit on the home page to use the site title. */
  title?: string;
  description?: string;
  /** The page's path; the canonical URL is built from it unless `canonical` is given. */
  pathname: string;
  canonical?: string;
  noindex?: boolean;
  lang?: string;
  /** Absolute or site-relative URL of the social card image. */
  image?: string;
  type?: "website" | "article";
  /** The page has a Markdown twin (its context's `twin`, src/data/markdownTwins.ts): the head links it. */
  markdownTwin?: boolean;
  children?: React.ReactNode;
}

export function buildTitle(title?: string): string {
  return title ? `${title} | ${site.productName}` : site.title;
}

export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${site.url}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function Seo({
  title,
  description = site.description,
  pathname,
  canonical,
  noindex = false,
  lang = site.locale,
  image = "/og-default.png",
  type = "website",
  markdownTwin = false,
  children,
}: SeoProps) {
  const fullTitle = buildTitle(title);
  const canonicalUrl = canonical
    ? absoluteUrl(canonical)
    : absoluteUrl(withTrailingSlash(pathname));
  const imageUrl = absoluteUrl(image);
  const twinPath = markdownTwin ? twinPathOf(withTrailingSlash(pathname)) : null;
  return (
    <>
      <html lang={lang} />
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonicalUrl} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      {twinPath ? <link rel="alternate" type="text/markdown" href={absoluteUrl(twinPath)} /> : null}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={site.productName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonicalUrl} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:site" content={site.twitterHandle} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {children}
    </>
  );
}
