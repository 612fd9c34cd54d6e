/**
 * CMS preview templates: each renders the same src/views component the site renders, with the site's
 * theme and global styles injected into the preview iframe, so a marketer sees the page as published.
 */
import * as React from "react";
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { StyleSheetManager, ThemeProvider } from "styled-components";
import { site } from "../config/site";
import { blogCrumbs, blogText, postCta } from "../data/blogView";
import { paths } from "../data/blog";
import type { SectionContent } from "../data/sections";
import { GlobalStyle } from "../styles/GlobalStyle";
import { theme } from "../styles/theme";
import { BlogPostView } from "../views/BlogPostView";
import { CaseStudyView } from "../views/CaseStudyView";
import { MarketingPageView } from "../views/MarketingPageView";

/** The part of Decap's preview props the templates read (an Immutable.js entry). */
export type PreviewProps = {
  entry: { getIn(path: string[]): unknown };
  document: Document;
};

/** Immutable values → plain JS (lists and maps from the editor, strings as they are). */
function plain<T>(value: unknown, fallback: T): T {
  if (value === undefined || value === null) return fallback;
  const convertible = value as { toJS?: () => unknown };
  return (typeof convertible.toJS === "function" ? convertible.toJS() : value) as T;
}

const PREVIEW_TAGS = [
  ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "a", "ul", "ol", "li", "blockquote", "hr", "br"],
  ...["strong", "em", "code", "pre", "img", "table", "thead", "tbody", "tr", "th", "td", "del"],
];

/** The body as the site renders it: markdown to HTML, then only safe markup. */
export function previewHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false }) as string;
  return sanitizeHtml(html, {
    allowedTags: PREVIEW_TAGS,
    allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "title"], "*": ["id"] },
    allowedSchemes: ["http", "https", "mailto"],
  });
}

/** The site's theme and styles, injected into the preview iframe's own <head>. */
export function SiteFrame({
  document,
  children,
}: {
  document: Document;
  children: React.ReactNode;
}) {
  return (
    <StyleSheetManager target={document.head}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <div data-cms-preview>{children}</div>
      </ThemeProvider>
    </StyleSheetManager>
  );
}

const field = (props: PreviewProps, name: string): string =>
  plain<string>(props.entry.getIn(["data", name]), "");

export function BlogPostPreview(props: PreviewProps) {
  const title = field(props, "title") || "Untitled post";
  const date = plain<unknown>(props.entry.getIn(["data", "date"]), "");
  const dateIso = date ? new Date(String(date)).toISOString() : new Date().toISOString();
  const locale = field(props, "locale") || "en";
  const tags = plain<string[]>(props.entry.getIn(["data", "tags"]), []);
  const authors = plain<string[]>(props.entry.getIn(["data", "authors"]), []);
  return (
    <SiteFrame document={props.document}>
      <BlogPostView
        crumbs={blogCrumbs(locale, { label: title })}
        title={title}
        description={field(props, "description")}
        meta={new Date(dateIso).toLocaleDateString("en-GB", { dateStyle: "long" })}
        dateIso={dateIso}
        tags={tags.map((key) => ({ label: key, href: paths.tag(key) }))}
        authors={authors.map((key) => ({ name: key, role: "", href: paths.author(key) }))}
        html={previewHtml(field(props, "body"))}
        toc={[]}
        related={[]}
        cta={postCta(null, locale)}
        translations={[]}
        text={locale === "pt-BR" ? blogText["pt-BR"] : blogText.en}
      />
    </SiteFrame>
  );
}

export function CaseStudyPreview(props: PreviewProps) {
  const title = field(props, "title") || "Untitled case study";
  return (
    <SiteFrame document={props.document}>
      <CaseStudyView
        crumbs={[{ label: "Home", href: "/" }, { label: "Case studies" }, { label: title }]}
        title={title}
        description={field(props, "description")}
        customer={field(props, "customer")}
        industry={field(props, "industry")}
        highlights={plain(props.entry.getIn(["data", "highlights"]), [])}
        {...(props.entry.getIn(["data", "quote"])
          ? {
              quote: plain(props.entry.getIn(["data", "quote"]), {
                text: "",
                author: "",
                role: "",
              }),
            }
          : {})}
        html={previewHtml(field(props, "body"))}
        cta={postCta(null, "en")}
      />
    </SiteFrame>
  );
}

export function MarketingPagePreview(props: PreviewProps) {
  const sections = plain<SectionContent[]>(props.entry.getIn(["data", "sections"]), []);
  return (
    <SiteFrame document={props.document}>
      <main aria-label={`${site.productName} page preview`}>
        <MarketingPageView sections={sections} />
      </main>
    </SiteFrame>
  );
}
