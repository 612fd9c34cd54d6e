/**
 * CMS preview templates: each renders the same src/views component the site renders, with the site's
 * theme and global styles injected into the preview iframe, so a marketer sees the page as published:
 * brand placeholders filled, authors and tags by name, hero, table of contents, highlighted code.
 */
import * as React from "react";
import { site } from "../config/site";
import { paths } from "../data/blog";
import { postCta, toWebinarView } from "../views/blogView";
import { fillPlaceholders } from "../data/content";
import { dateLabel, timeLabel } from "../data/dateLabels";
import { markdownToHtml } from "../data/markdown";
import { renderSections } from "../data/renderSections";
import type { SectionContent } from "../data/sectionSchemas";
import { CaseStudyView } from "../views/CaseStudyView";
import { MarketingPageView } from "../views/MarketingPageView";
import { WebinarView } from "../views/WebinarView";
import { PAGE_COLLECTIONS } from "./collections";
import { NavigationPreview } from "./NavigationPreview";
import { RedirectsPreview } from "./RedirectsPreview";
import { AgentsPreview } from "./AgentsPreview";
import { dataOf, isoDate, plain, type PreviewProps, slugOf, text } from "./previewData";
import { shareOf } from "./SharePreview";
import { categoryFor } from "../config/routes";
import { previewMarkdown } from "./previewMarkdown";
import { SiteFrame } from "./SiteFrame";
import { BlogPostPreview } from "./BlogPostPreview";
import { AuthorPreview, TagPreview } from "./ListingPreviews";

export function CaseStudyPreview(props: PreviewProps) {
  const data = dataOf(props);
  const title = text(data["title"]) || "Untitled case study";
  const quote = fillPlaceholders(
    plain<{ text: string; author: string; role: string } | null>(data["quote"], null),
  );
  const path = paths.caseStudy(slugOf(props, data) || "new-story");
  return (
    <SiteFrame
      document={props.document}
      share={shareOf("caseStudy", data, path, `Case study · ${text(data["customer"])}`)}
    >
      <CaseStudyView
        crumbs={[
          { label: "Home", href: "/" },
          { label: "Case studies", href: paths.caseStudies() },
          { label: title },
        ]}
        title={title}
        description={text(data["description"])}
        customer={text(data["customer"])}
        industry={text(data["industry"])}
        highlights={fillPlaceholders(
          plain<Array<{ value: string; label: string }>>(data["highlights"], []),
        )}
        {...(quote && quote.text ? { quote } : {})}
        html={previewMarkdown(text(data["body"])).html}
        cta={postCta(null, "en")}
      />
    </SiteFrame>
  );
}

export function WebinarPreview(props: PreviewProps) {
  const data = dataOf(props);
  const date = isoDate(data["date"]);
  const speakers = fillPlaceholders(
    plain<Array<{ name: string; role: string; company?: string }>>(data["speakers"], []),
  );
  const path = paths.webinar(slugOf(props, data) || "new-webinar");
  return (
    <SiteFrame document={props.document} share={shareOf("webinar", data, path, "Webinar")}>
      <WebinarView
        {...toWebinarView({
          title: text(data["title"]) || "Untitled webinar",
          description: text(data["description"]),
          // No GraphQL here: the same functions the build's resolvers call.
          dateLabel: dateLabel(date),
          timeLabel: timeLabel(date),
          durationMinutes:
            typeof data["durationMinutes"] === "number" ? data["durationMinutes"] : 0,
          format: typeof data["format"] === "string" ? data["format"] : "on-demand",
          hubspotFormId: text(data["hubspotFormId"]),
          html: previewMarkdown(text(data["body"])).html,
          speakers,
        })}
      />
    </SiteFrame>
  );
}

export function MarketingPagePreview(props: PreviewProps) {
  // Markdown bodies and code samples rendered as the build renders them (src/data/renderSections.ts).
  const sections = renderSections(
    fillPlaceholders(plain<SectionContent[]>(props.entry.getIn(["data", "sections"]), [])),
    markdownToHtml,
  );
  const data = dataOf(props);
  const path = text(data["path"]) || "/";
  const pageData = path === "/" ? { ...data, title: site.title } : data;
  return (
    <SiteFrame
      document={props.document}
      share={shareOf("page", pageData, path, categoryFor(path) ?? site.productName)}
    >
      <main aria-label={`${site.productName} page preview`}>
        <MarketingPageView sections={sections} />
      </main>
    </SiteFrame>
  );
}

/**
 * Collection name → preview (a file collection's previews go by file name, as Decap looks them up);
 * every collection of src/cms/model.ts has one (tests/unit/cms checks it).
 */
export const PREVIEWS: Record<string, React.ComponentType<PreviewProps>> = {
  blog: BlogPostPreview,
  authors: AuthorPreview,
  tags: TagPreview,
  "case-studies": CaseStudyPreview,
  webinars: WebinarPreview,
  ...Object.fromEntries(PAGE_COLLECTIONS.map((name) => [name, MarketingPagePreview])),
  navigation: NavigationPreview,
  redirects: RedirectsPreview,
  agents: AgentsPreview,
};
