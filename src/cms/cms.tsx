/**
 * The admin's own module (gatsby-plugin-decap-cms `modulePath`): registers the preview templates only.
 * The plugin initialises the CMS itself (STACK.md trap 4); calling init here would mount it twice.
 */
import CMS from "decap-cms-app";
import type * as React from "react";
import { PAGE_COLLECTIONS } from "./collections";
import {
  BlogPostPreview,
  CaseStudyPreview,
  MarketingPagePreview,
  type PreviewProps,
} from "./previews";

type Registry = {
  registerPreviewTemplate(name: string, component: React.ComponentType<PreviewProps>): void;
};
const cms = CMS as unknown as Registry;

cms.registerPreviewTemplate("blog", BlogPostPreview);
cms.registerPreviewTemplate("case-studies", CaseStudyPreview);
for (const name of PAGE_COLLECTIONS) cms.registerPreviewTemplate(name, MarketingPagePreview);
